/// The bytes of one ledger file and its path relative to the ledger root.
public struct SourceFile: Sendable {
    /// Relative path with `/` separators, e.g. `goals/run-100km.md`.
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The location of a byte offset: 1-based line, 1-based column in scalars.
    /// A leading byte order mark is not counted as a column.
    public func location(ofByte offset: Int) -> SourceLocation {
        let position = TextPosition.of(byte: offset, in: bytes)
        return SourceLocation(path: path, line: position.line, column: position.column)
    }
}

/// Line and column arithmetic over UTF-8 bytes.
package enum TextPosition {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    package static func hasByteOrderMark<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        bytes.starts(with: byteOrderMark)
    }

    /// Line (1-based) and column (1-based, in scalars) of a byte offset.
    static func of(byte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        var i = 0
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        if line == 1, hasByteOrderMark(bytes), end >= 3 { lineStart = 3 }
        return (line, scalarCount(bytes, from: lineStart, to: end) + 1)
    }

    /// Number of Unicode scalars in `bytes[from..<to]`: bytes that start a
    /// sequence (in invalid UTF-8, a stray continuation byte adds no column).
    package static func scalarCount(_ bytes: [UInt8], from: Int, to: Int) -> Int {
        var n = 0
        var i = from
        while i < to {
            if bytes[i] & 0xC0 != 0x80 { n += 1 }
            i += 1
        }
        return n
    }
}
