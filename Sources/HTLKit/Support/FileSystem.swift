#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain POSIX file access: no Foundation on the start-up path.
public enum FileSystem {
    public enum EntryKind: Sendable {
        case file, directory, other, missing
    }

    /// What is at a path, following symbolic links.
    public static func kind(of path: String) -> EntryKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
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

    /// Opens a regular file without ever blocking on a FIFO or device: opened
    /// non-blocking, checked with fstat, then switched back to blocking.
    static func openRegular(_ path: String, _ flags: Int32, mode: mode_t = 0) throws -> Int32 {
        let fd = open(path, flags | O_NONBLOCK | O_CLOEXEC, mode)
        guard fd >= 0 else {
            // ENXIO: a FIFO with no reader, opened for writing.
            if errno == ENXIO { throw HTLError("\(path) is not a regular file") }
            throw HTLError("cannot open \(path): \(errorText())")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw HTLError("\(path) is not a regular file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// The whole content of a regular file.
    public static func read(_ path: String) throws -> [UInt8] {
        let fd = try openRegular(path, O_RDONLY)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw HTLError("cannot read \(path): \(errorText())") }
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0))
        var filled = 0
        while true {
            if filled == bytes.count {
                // The file grew since fstat: keep reading.
                bytes.append(contentsOf: [UInt8](repeating: 0, count: max(4096, bytes.count / 2)))
            }
            let n = bytes.withUnsafeMutableBytes { raw in
                Glibc.read(fd, raw.baseAddress! + filled, raw.count - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw HTLError("cannot read \(path): \(errorText())")
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Names in a directory (not `.` or `..`), sorted by bytes.
    public static func list(_ directory: String) throws -> [String] {
        guard let dir = opendir(directory) else { throw HTLError("cannot read folder \(directory): \(errorText())") }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            names.append(name)
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    public static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    static func errorText() -> String {
        String(cString: strerror(errno))
    }

    /// `a/b` joined, without doubling the slash.
    public static func join(_ a: String, _ b: String) -> String {
        if a.isEmpty || a == "." { return b }
        return a.hasSuffix("/") ? a + b : a + "/" + b
    }

    /// The parent folder of an absolute or relative path ("" at the top).
    public static func parent(_ path: String) -> String? {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return nil }
        if slash == trimmed.startIndex { return trimmed == "/" ? nil : "/" }
        return String(trimmed[..<slash])
    }
}
