import CHTLSystem
import Glibc
import HTLCore

/// The one file of HTLSystem that hands the kernel (or C) a pointer into
/// memory: reads into an array, writes from one, directory entries, the
/// argument vector of a child process, git's blob hash. Every other file
/// of HTLSystem calls these with arrays and counts.
///
/// What each relies on, and makes sure of:
/// - A read writes at most the room the pointer has (`count` is always
///   what is left of the buffer), and only the bytes the kernel wrote are
///   kept (`count` of the new array is the bytes read, never the room).
/// - A write reads at most the array's bytes from the offset on (the
///   offset is checked against the array first).
/// - A directory entry's name is read up to its NUL, inside `d_name`.
/// - A child's argument and environment strings live (strdup) until
///   `posix_spawnp` has returned, which copies them, and are freed after.
/// SystemCallsTests hold each at the edges (an empty file, a file that
/// grows or shrinks, a short write, a name of 255 bytes).
enum SystemCalls {
    /// Up to `count` bytes read from `fd` (at `offset`, when given, without
    /// moving the descriptor), into memory not zeroed first: read until
    /// `count` bytes are in, the file ends, or `expected` bytes are in (the
    /// size fstat gave: a file of that size then takes one call, not a
    /// second that finds its end). Nil, with `errno`, when a read failed.
    static func read(_ fd: Int32, count: Int, at offset: Int? = nil, expected: Int? = nil) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            adviseHugePages(buffer)
            while initialized < count {
                let start = buffer.baseAddress! + initialized
                let room = count - initialized
                let n = offset.map { pread(fd, start, room, off_t($0 + initialized)) } ?? Glibc.read(fd, start, room)
                if n < 0, errno == EINTR { continue }
                if n < 0 { failed = true }
                if n <= 0 { break }
                initialized += n
                if initialized == expected { break }
            }
        }
        return failed ? nil : bytes
    }

    /// One `read` of at most `count` bytes (a non-blocking pipe's share):
    /// the bytes, empty at the end, or nil with `errno`.
    static func readOnce(_ fd: Int32, count: Int) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            let n = Glibc.read(fd, buffer.baseAddress!, count)
            if n < 0 { failed = true } else { initialized = n }
        }
        return failed ? nil : bytes
    }

    /// One `write` of `bytes[from...]`: how many bytes it took, or -1 with `errno`.
    static func write(_ fd: Int32, _ bytes: [UInt8], from offset: Int = 0) -> Int {
        write(fd, bytes.span, from: offset)
    }

    /// The same for bytes read in place.
    static func write(_ fd: Int32, _ bytes: Span<UInt8>, from offset: Int = 0) -> Int {
        precondition(offset >= 0 && offset <= bytes.count, "a write from outside the bytes")
        return bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            return Glibc.write(fd, base + offset, raw.count - offset)
        }
    }

    /// A buffer of tens of MB (a long log) is backed by 2 MB pages where
    /// the kernel has them: a page fault per 2 MB, not per 4 KB.
    private static func adviseHugePages(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        let huge = 2 << 20
        guard buffer.count >= 8 << 20, let base = buffer.baseAddress else { return }
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
    }

    /// The entries of an open directory stream (not `.` or `..`): each
    /// name as raw bytes, and whether the directory says it is a regular file.
    static func entries(_ dir: OpaquePointer) -> [(name: [UInt8], isRegular: Bool)] {
        var entries: [(name: [UInt8], isRegular: Bool)] = []
        while let entry = readdir(dir) {
            let name: [UInt8] = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            entries.append((name, entry.pointee.d_type == UInt8(DT_REG)))
        }
        return entries
    }

    /// Starts `argv[0]` (found on PATH) with `environment`, the file
    /// actions already made; its pid, or the error number.
    static func spawn(
        _ argv: [String], environment: [String],
        actions: inout posix_spawn_file_actions_t
    ) -> Result<pid_t, POSIXErrorNumber> {
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cArguments { free(p) } }
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for p in cEnvironment { free(p) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, argv[0], &actions, nil, &cArguments, &cEnvironment)
        return spawned == 0 ? .success(pid) : .failure(POSIXErrorNumber(code: spawned))
    }

    /// git's blob id (SHA-1) of `bytes`, its twenty bytes.
    static func gitBlobID(_ bytes: ArraySlice<UInt8>, hardware: Bool) -> [UInt8] {
        var id = [UInt8](repeating: 0, count: 20)
        bytes.withUnsafeBufferPointer { buffer in
            id.withUnsafeMutableBufferPointer { out in
                htl_git_blob_id(buffer.baseAddress, buffer.count, out.baseAddress, hardware ? 1 : 0)
            }
        }
        return id
    }
}

/// An error number from a call that returns it rather than setting `errno`.
struct POSIXErrorNumber: Error {
    let code: Int32
}
