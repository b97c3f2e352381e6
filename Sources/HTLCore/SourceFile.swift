/// The bytes of one ledger file and its path relative to the ledger root.
public struct SourceFile: Sendable, Equatable {
    /// Relative path with `/` separators, e.g. `goals/run-100km.md`.
    public let path: String
    /// The file's bytes: a copy of their own, or its pages mapped (`FileBytes`).
    public let bytes: FileBytes

    public init(path: String, bytes: FileBytes) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, bytes: [UInt8]) {
        self.init(path: path, bytes: FileBytes(bytes))
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
