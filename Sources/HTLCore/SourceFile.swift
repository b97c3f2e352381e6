/// The bytes of one ledger file and its path relative to the ledger root.
public struct SourceFile: Sendable, Equatable {
    /// Relative path with `/` separators, e.g. `goals/run-100km.md`.
    public let path: String
    /// The file's bytes, read once into memory.
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The location of a byte offset (one look-up; build a `LineIndex` for many).
    public func location(ofByte offset: Int) -> SourceLocation {
        let (line, column) = LineIndex.position(ofByte: offset, in: bytes, firstLine: 1)
        return SourceLocation(path: path, line: line, column: column)
    }
}
