import Glibc
import HTLCore
import HTLModel

/// The ledger's root folder as a boundary (CLI.md "Conventions"): htl never
/// reads or writes a ledger file whose real path, after every symbolic link
/// is followed, lies outside it.
public struct LedgerRoot: Sendable, Equatable {
    /// The absolute path the root was found at (as the user named it).
    public let path: String
    /// The same folder with every symbolic link resolved.
    package let realPath: String

    public init(_ path: String) throws {
        guard let real = FileSystem.realPath(path) else {
            throw HTLError("cannot resolve the ledger folder \(path): \(FileSystem.errorText())")
        }
        self.path = path
        self.realPath = real
    }

    /// The root of a ledger given as files in memory: no folder, nothing
    /// inside it (every path is outside, so nothing is read or written through it).
    public static let inMemory = LedgerRoot(path: "", realPath: "")

    private init(path: String, realPath: String) {
        self.path = path
        self.realPath = realPath
    }

    /// Whether a canonical path is the root or lies below it.
    public func contains(realPath candidate: String) -> Bool {
        guard !realPath.isEmpty else { return false }
        if candidate == realPath { return true }
        let prefix = realPath == "/" ? "/" : realPath + "/"
        return candidate.hasPrefix(prefix)
    }

    /// A ledger path (relative, `/`-separated) as a path on disk.
    package func absolute(_ relative: String) -> String {
        relative.isEmpty ? path : FileSystem.join(path, relative)
    }

    /// A canonical path inside the root as a ledger path; nil when outside.
    public func relative(realPath candidate: String) -> String? {
        guard contains(realPath: candidate) else { return nil }
        if candidate == realPath { return "" }
        return String(candidate.dropFirst(realPath == "/" ? 1 : realPath.count + 1))
    }

    /// Opens a folder of the ledger (a ledger path) for writing inside it,
    /// after checking that the folder really is inside the root. The caller
    /// closes the descriptor.
    func openFolder(_ relative: String) throws -> Int32 {
        let shown = relative.isEmpty ? "the ledger folder" : relative
        let fd = open(
            relative.isEmpty ? realPath : FileSystem.join(realPath, relative), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw HTLError("cannot open folder \(shown): \(FileSystem.errorText())") }
        guard let real = FileSystem.realPath(of: fd), contains(realPath: real) else {
            close(fd)
            throw HTLError("\(shown) leads outside the ledger (a symbolic link); htl writes only inside \(path)")
        }
        return fd
    }

    /// Where a write to a ledger path really goes: the same path, or, when
    /// the file is a symbolic link, the ledger path of the file it names,
    /// which must lie inside the root.
    func resolvedForWriting(_ relative: String) throws -> String {
        let full = absolute(relative)
        guard FileSystem.isSymbolicLink(full) else { return relative }
        guard let real = FileSystem.realPath(full) else {
            throw HTLError("\(relative) is a symbolic link to nothing; not writing through it")
        }
        guard let inside = self.relative(realPath: real), !inside.isEmpty else {
            throw HTLError(
                "\(relative) is a symbolic link that leads outside the ledger; htl writes only inside \(path)")
        }
        return inside
    }
}
