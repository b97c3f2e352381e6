import Glibc
import HTLCore
import HTLModel

/// A number that changes when any ledger file changes: every entry below
/// the root's settings, measures and folders, by name, kind, size, inode
/// and modification time, without reading a byte of any file. A server
/// keeps a loaded ledger until its fingerprint changes (an editor's save,
/// `htl log` in a terminal, a `git pull`), instead of loading it per request.
///
/// Links are not followed (their own stamp counts); a folder deeper than
/// `deepest` levels, or more than `mostEntries` entries in all, stops the
/// walk, so a hostile tree costs a bounded amount of work (the loader
/// reports such trees; the fingerprint only has to change with them).
public enum LedgerFingerprint {
    static let deepest = 32
    static let mostEntries = 200_000

    public static func of(_ root: LedgerRoot) -> UInt64 {
        var walk = FNV64()
        var entries = 0
        for name in [LedgerLayout.settingsFile, LedgerLayout.measuresFile] + LedgerLayout.folders {
            visit(root.absolute(name), name: name, depth: 0, into: &walk, entries: &entries)
        }
        return walk.value
    }

    private static func visit(_ full: String, name: String, depth: Int, into hash: inout FNV64, entries: inout Int) {
        entries += 1
        guard entries <= mostEntries, depth <= deepest else { return }
        var info = stat()
        hash.add(Array(name.utf8) + [0])
        guard lstat(full, &info) == 0 else {
            hash.add(UInt64(0))
            return
        }
        for n in [
            UInt64(info.st_mode), UInt64(info.st_ino), UInt64(bitPattern: Int64(info.st_size)),
            UInt64(bitPattern: Int64(info.st_mtim.tv_sec)), UInt64(bitPattern: Int64(info.st_mtim.tv_nsec)),
        ] {
            hash.add(n)
        }
        guard info.st_mode & S_IFMT == S_IFDIR, let names = try? FileSystem.list(full) else { return }
        for child in names.sorted(by: ByteOrder.precedes) where child != "." && child != ".." {
            visit(FileSystem.join(full, child), name: child, depth: depth + 1, into: &hash, entries: &entries)
        }
    }
}
