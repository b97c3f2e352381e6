import Glibc

/// Advice to the kernel for a large buffer about to be filled: back it with
/// 2 MB pages. A buffer of tens or hundreds of MB (a million actions, a log
/// of 50 MB) is a mapping of its own wherever the heap `ProcessMemory`
/// prepares is not there (the servers, a limit on memory) or is used up;
/// filled in 4 KB pages it takes a page fault per 4 KB, each costly on a
/// virtual machine. Only whole 2 MB pages inside the buffer are advised;
/// without huge pages the advice is ignored.
public enum HugePages {
    /// Below this a buffer is left alone (it is in the heap, or too small to matter).
    static let worthwhile = 8 << 20
    static let size = 2 << 20

    public static func advise(_ base: UnsafeMutableRawPointer?, count: Int) {
        guard let base, count >= worthwhile else { return }
        let start = (Int(bitPattern: base) + size - 1) & ~(size - 1)
        let end = (Int(bitPattern: base) + count) & ~(size - 1)
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
    }
}
