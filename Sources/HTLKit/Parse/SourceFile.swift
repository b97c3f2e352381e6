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

    /// The text of a 1-based line without its line ending (invalid UTF-8 repaired).
    public func lineText(_ line: Int) -> String? {
        guard let range = TextPosition.byteRange(ofLine: line, in: bytes) else { return nil }
        return String(decoding: bytes[range], as: UTF8.self)
    }
}

/// Line and column arithmetic over UTF-8 bytes.
enum TextPosition {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func hasByteOrderMark<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
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
    static func scalarCount(_ bytes: [UInt8], from: Int, to: Int) -> Int {
        var n = 0
        var i = from
        while i < to {
            if bytes[i] & 0xC0 != 0x80 { n += 1 }
            i += 1
        }
        return n
    }

    /// Byte range of a 1-based line, without `\n` or a `\r\n` ending.
    static func byteRange(ofLine line: Int, in bytes: [UInt8]) -> Range<Int>? {
        guard line >= 1 else { return nil }
        var current = 1
        var start = 0
        if hasByteOrderMark(bytes) { start = 3 }
        var i = start
        while current < line {
            guard let nl = firstIndex(of: 0x0A, in: bytes, from: i) else { return nil }
            i = nl + 1
            current += 1
        }
        start = i
        var end = firstIndex(of: 0x0A, in: bytes, from: start) ?? bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        if start > bytes.count { return nil }
        return start..<end
    }

    @inline(__always)
    static func firstIndex(of byte: UInt8, in bytes: [UInt8], from: Int) -> Int? {
        var i = from
        let n = bytes.count
        while i < n {
            if bytes[i] == byte { return i }
            i += 1
        }
        return nil
    }
}
