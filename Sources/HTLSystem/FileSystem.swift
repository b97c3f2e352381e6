import CHTLSystem
import Glibc
import HTLCore
import HTLModel

/// Plain POSIX file access: no Foundation on the start-up path.
public enum FileSystem {
    public enum EntryKind: Sendable {
        case file, directory, other, missing
    }

    /// What is at a path, following symbolic links.
    public static func kind(of path: String) -> EntryKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return kind(info)
    }

    static func kind(_ info: stat) -> EntryKind {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Whether a path is a symbolic link (not followed).
    public static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFLNK
    }

    /// The canonical absolute path (every symbolic link, `.` and `..`
    /// resolved), or nil when the path does not exist or loops.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The canonical path of what an open descriptor refers to (from
    /// /proc/self/fd), so a check of where a file really is cannot race with
    /// a rename between looking and opening.
    static func realPath(of fd: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Opens a regular file without ever blocking on a FIFO or device: opened
    /// non-blocking, checked with fstat, then switched back to blocking.
    static func openRegular(_ path: String, _ flags: Int32, mode: mode_t = 0) throws -> Int32 {
        try openRegular(at: AT_FDCWD, path, flags, mode: mode, shown: path)
    }

    /// `openRegular` relative to a folder descriptor; `shown` names the file in messages.
    static func openRegular(at folder: Int32, _ name: String, _ flags: Int32, mode: mode_t = 0, shown: String) throws
        -> Int32
    {
        let fd = openat(folder, name, flags | O_NONBLOCK | O_CLOEXEC, mode)
        guard fd >= 0 else {
            // ENXIO: a FIFO with no reader, opened for writing. ELOOP: O_NOFOLLOW met a link.
            if errno == ENXIO { throw HTLError("\(shown) is not a regular file") }
            if errno == ELOOP { throw HTLError("\(shown) is a symbolic link; htl does not write through it") }
            throw HTLError("cannot open \(shown): \(errorText())")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw HTLError("\(shown) is not a regular file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// A folder as a handle for `openRegularBeneath` (nothing is read
    /// through it), or nil.
    static func openFolderHandle(_ path: String) -> Int32? {
        let fd = htl_open_folder(path)
        return fd >= 0 ? fd : nil
    }

    /// Opens for reading a regular file at `relative` below `folder` when
    /// the kernel promises that it lies there (openat2 with
    /// RESOLVE_BENEATH: no step of the path, links included, leaves the
    /// folder): its descriptor and the size fstat gave. One system call
    /// instead of an open and a look at /proc for where the file really is.
    /// Nil for anything else (a kernel without openat2, a link that leads
    /// out or is absolute, not a regular file, any error): the caller then
    /// goes the general way, which decides and says why. The descriptor stays non-blocking,
    /// which a regular file ignores.
    static func openRegularBeneath(_ folder: Int32, _ relative: String) -> (fd: Int32, size: Int)? {
        let fd = htl_open_beneath(folder, relative, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        return (fd, max(Int(info.st_size), 0))
    }

    /// The whole content of a regular file.
    public static func read(_ path: String) throws -> [UInt8] {
        let fd = try openRegular(path, O_RDONLY)
        defer { close(fd) }
        return try read(fd, shown: path)
    }

    /// The whole content of a regular file that the user named as input
    /// (an export to import), refused when larger than `limit` bytes so a
    /// wrong file cannot fill the memory.
    public static func read(_ path: String, atMost limit: Int) throws -> [UInt8] {
        let fd = try openRegular(path, O_RDONLY)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw HTLError("cannot read \(path): \(errorText())") }
        guard Int(info.st_size) <= limit else { throw tooLarge(path, limit) }
        return try read(fd, shown: path, atMost: limit)
    }

    /// Everything from an open descriptor's current offset to its end.
    static func read(_ fd: Int32, shown: String, atMost limit: Int = .max) throws -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw HTLError("cannot read \(shown): \(errorText())") }
        return try read(fd, shown: shown, size: max(Int(info.st_size), 0), atMost: limit)
    }

    static func tooLarge(_ shown: String, _ limit: Int) -> HTLError {
        HTLError("\(shown) is larger than \(limit / 1_048_576) MiB, more than htl reads from one file; split it")
    }

    /// The same, given the size fstat gave: read without zeroing first, one
    /// byte more than that size asked for, so that most files take one read
    /// call (the read stops short at the end), not a second one that finds
    /// the end (at ten thousand files, a system call is ~10 µs each).
    /// More than `limit` bytes (a sparse file of terabytes, one that keeps
    /// growing) is refused, not read.
    static func read(_ fd: Int32, shown: String, size: Int, atMost limit: Int = .max) throws -> [UInt8] {
        guard size <= limit else { throw tooLarge(shown, limit) }
        guard var bytes = SystemCalls.read(fd, count: size + 1, expected: size) else {
            throw HTLError("cannot read \(shown): \(errorText())")
        }
        // More than fstat said: the file has grown since; read on to its end.
        if bytes.count > size { try readOn(fd, appendingTo: &bytes, shown: shown, atMost: limit) }
        return bytes
    }

    /// Appends what is left from the descriptor's offset to its end.
    static func readOn(
        _ fd: Int32, appendingTo bytes: inout [UInt8], shown: String, atMost limit: Int,
        overLimit: (() -> HTLError)? = nil
    ) throws {
        while true {
            guard let chunk = SystemCalls.read(fd, count: 65_536) else {
                throw HTLError("cannot read \(shown): \(errorText())")
            }
            guard bytes.count + chunk.count <= limit else { throw overLimit?() ?? tooLarge(shown, limit) }
            bytes += chunk
            if chunk.count < 65_536 { break }
        }
    }

    /// Writes all of `bytes` to `fd`, a call at a time; nil, or the error
    /// number of the write that failed.
    public static func write(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        write(bytes.span, to: fd)
    }

    /// The same for bytes read in place.
    public static func write(_ bytes: Span<UInt8>, to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = SystemCalls.write(fd, bytes, from: offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }

    /// One `write` of `bytes[offset...]` to `fd`: how many bytes it took,
    /// or -1 with `errno` (EAGAIN: a non-blocking pipe is full for now).
    public static func writeOnce(_ bytes: [UInt8], from offset: Int, to fd: Int32) -> Int {
        SystemCalls.write(fd, bytes, from: offset)
    }

    /// What one `read` of at most `count` bytes gives (a pipe's share):
    /// empty at the end, nil with `errno` on a failure.
    public static func readOnce(_ fd: Int32, count: Int) -> [UInt8]? {
        SystemCalls.readOnce(fd, count: count)
    }

    /// The process's own command line as the kernel holds it
    /// (`/proc/self/cmdline`): each argument's raw bytes.
    public static func rawArguments() -> [[UInt8]]? {
        guard let bytes = try? read("/proc/self/cmdline") else { return nil }
        var arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        if arguments.last == [] { arguments.removeLast() }
        return arguments
    }

    /// All of standard input, read to its end; more than `limit` bytes is
    /// refused (`what` names the input in the message), never cut short.
    public static func readStandardInput(atMost limit: Int, what: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try readOn(0, appendingTo: &bytes, shown: "standard input", atMost: limit) {
            HTLError("\(what) is longer than \(limit / 1_048_576) MiB, more than htl reads; nothing was done")
        }
        return bytes
    }

    /// Names in a directory (not `.` or `..`) as raw bytes, sorted by bytes:
    /// a name that is not UTF-8 is still seen (and reported), never repaired.
    static func rawNames(_ directory: String) throws -> [[UInt8]] {
        try rawEntries(directory).map(\.name)
    }

    /// The same with whether the directory says an entry is a regular file
    /// (its type as the directory records it: a link, a folder, or a type
    /// the file system does not record are not).
    static func rawEntries(_ directory: String) throws -> [(name: [UInt8], isRegular: Bool)] {
        guard let dir = opendir(directory) else { throw HTLError("cannot read folder \(directory): \(errorText())") }
        defer { closedir(dir) }
        let entries = SystemCalls.entries(dir)
        return entries.sorted { $0.name.lexicographicallyPrecedes($1.name) }
    }

    /// Names in a directory that are valid UTF-8, sorted by bytes.
    public static func list(_ directory: String) throws -> [String] {
        try rawNames(directory).compactMap {
            UTF8Validation.firstInvalidByte($0) == nil ? String(decoding: $0, as: UTF8.self) : nil
        }
    }

    /// Creates a folder and its parents (`mkdir -p`), for folders outside a
    /// ledger (a git hooks folder, a new ledger's own folder).
    public static func makeFolders(_ path: String) throws {
        if kind(of: path) == .directory { return }
        if let parent = parent(path), !parent.isEmpty, kind(of: parent) == .missing {
            try makeFolders(parent)
        }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            throw HTLError("cannot create folder \(path): \(errorText())")
        }
    }

    public static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// `a/b` joined, without doubling the slash.
    public static func join(_ a: String, _ b: String) -> String {
        if a.isEmpty || a == "." { return b }
        return a.hasSuffix("/") ? a + b : a + "/" + b
    }

    /// The parent folder of an absolute or relative path ("" at the top).
    package static func parent(_ path: String) -> String? {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return nil }
        if slash == trimmed.startIndex { return trimmed == "/" ? nil : "/" }
        return String(trimmed[..<slash])
    }

    /// The last component of a path.
    public static func name(_ path: String) -> String {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}
