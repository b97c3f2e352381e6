#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes that never leave a partial file: a temporary file in the same
/// folder, fsync, then rename over the target (or link, to create without
/// clobbering). Permissions are kept and a symbolic link's target is written.
public enum AtomicFile {
    public enum Expectation: Sendable {
        /// The file must not exist; an existing file is never overwritten.
        case absent
        /// The file must still hold exactly these bytes (what the command read).
        case unchanged([UInt8])
    }

    /// `mode` sets the permissions of a new file (default: from the umask).
    public static func write(_ bytes: [UInt8], to path: String, expecting expectation: Expectation, mode newMode: mode_t? = nil) throws {
        let target = resolveSymlinks(path)
        let folder = FileSystem.parent(target) ?? "."
        var template = Array((FileSystem.join(folder, ".htl-tmp-XXXXXX")).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw HTLError("cannot write \(path): \(FileSystem.errorText())") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            try writeAll(fd, bytes, path: path)
            var mode: mode_t = 0o644
            var info = stat()
            if case .unchanged = expectation, stat(target, &info) == 0 {
                mode = info.st_mode & 0o7777
            } else if let newMode {
                mode = newMode
            } else {
                let mask = umask(0)
                umask(mask)
                mode = 0o666 & ~mask
            }
            fchmod(fd, mode)
            guard fsync(fd) == 0 else { throw HTLError("cannot write \(path): \(FileSystem.errorText())") }
        }
        switch expectation {
        case .absent:
            if link(temporary, target) != 0 {
                if errno == EEXIST { throw HTLError("\(path) already exists; not overwriting it") }
                guard errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP || errno == ENOSYS else {
                    throw HTLError("cannot create \(path): \(FileSystem.errorText())")
                }
                // No hard links here: claim the name exclusively, then rename over the claim.
                let claim = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                guard claim >= 0 else {
                    if errno == EEXIST { throw HTLError("\(path) already exists; not overwriting it") }
                    throw HTLError("cannot create \(path): \(FileSystem.errorText())")
                }
                close(claim)
                guard rename(temporary, target) == 0 else {
                    unlink(target)
                    throw HTLError("cannot create \(path): \(FileSystem.errorText())")
                }
                committed = true
            }
        case .unchanged(let original):
            let current = try? FileSystem.read(target)
            guard current == original else {
                throw HTLError("\(path) changed on disk while htl was working; nothing was written (run the command again)")
            }
            guard rename(temporary, target) == 0 else {
                throw HTLError("cannot replace \(path): \(FileSystem.errorText())")
            }
            committed = true
        }
        syncFolder(folder)
    }

    /// Appends one line (given without its line ending) with a single `write`
    /// on an `O_APPEND` descriptor, then fsyncs. An exclusive `flock` covers
    /// the look at the file's last byte (a line ending is added first when the
    /// file lacks one) and the write, so concurrent appenders never
    /// interleave, split or double a line. A missing file is created with
    /// `header` first.
    public static func appendLine(_ line: [UInt8], to path: String, header: [UInt8] = []) throws {
        if FileSystem.kind(of: path) == .missing, !header.isEmpty {
            do {
                try write(header, to: path, expecting: .absent)
            } catch let error as HTLError where error.message.hasSuffix("not overwriting it") {
                // Another process created it first: append to theirs.
            }
        }
        let fd = try FileSystem.openRegular(path, O_WRONLY | O_APPEND | O_CREAT, mode: 0o666)
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw HTLError("cannot lock \(path): \(FileSystem.errorText())") }
        }
        var bytes: [UInt8] = []
        var info = stat()
        if fstat(fd, &info) == 0, info.st_size > 0 {
            if let reader = try? FileSystem.openRegular(path, O_RDONLY) {
                var last: UInt8 = 0x0A
                _ = pread(reader, &last, 1, off_t(info.st_size - 1))
                close(reader)
                if last != 0x0A { bytes.append(0x0A) }
            }
        }
        bytes += line
        bytes.append(0x0A)
        try writeAll(fd, bytes, path: path)
        guard fsync(fd) == 0 else { throw HTLError("cannot write \(path): \(FileSystem.errorText())") }
    }

    /// Creates a folder and its parents (like `mkdir -p`).
    public static func makeFolders(_ path: String) throws {
        if FileSystem.kind(of: path) == .directory { return }
        if let parent = FileSystem.parent(path), !parent.isEmpty, FileSystem.kind(of: parent) == .missing {
            try makeFolders(parent)
        }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            throw HTLError("cannot create folder \(path): \(FileSystem.errorText())")
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw HTLError("cannot write \(path): \(FileSystem.errorText())")
            }
            offset += n
        }
    }

    private static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    /// The file a path finally names, following symbolic links (at most 32).
    static func resolveSymlinks(_ path: String) -> String {
        var current = path
        for _ in 0..<32 {
            guard FileSystem.isSymbolicLink(current) else { return current }
            var buffer = [CChar](repeating: 0, count: 4096)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let destination = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if destination.hasPrefix("/") {
                current = destination
            } else {
                current = FileSystem.join(FileSystem.parent(current) ?? ".", destination)
            }
        }
        return current
    }
}
