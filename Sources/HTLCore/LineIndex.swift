/// Lines and columns of UTF-8 text: the one place htl turns byte offsets
/// into positions and back. Lines are 1-based and end at LF (a CR before it
/// is part of the ending); columns are 1-based and count Unicode scalars
/// (bytes that start a sequence, so a stray continuation byte adds none);
/// a leading byte order mark is no column. A final line ending does not
/// open another line.
public struct LineIndex: Sendable {
    package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Byte offset where each line starts.
    package let starts: [Int]
    private let byteCount: Int
    private let hasByteOrderMark: Bool

    public init(_ bytes: [UInt8]) {
        var starts = [0]
        for i in bytes.indices where bytes[i] == 0x0A && i + 1 < bytes.count {
            starts.append(i + 1)
        }
        self.starts = starts
        byteCount = bytes.count
        hasByteOrderMark = LineIndex.hasByteOrderMark(bytes)
    }

    package var lineCount: Int { starts.count }

    package static func hasByteOrderMark<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        bytes.starts(with: byteOrderMark)
    }

    /// The bytes of a line's text: without its line ending (LF or CRLF), and
    /// on line 1 without a byte order mark. `line` is clamped to the file.
    package func content(ofLine line: Int, in bytes: [UInt8]) -> Range<Int> {
        precondition(bytes.count == byteCount, "a LineIndex read against other bytes than its own")
        let line = min(max(line, 1), starts.count)
        var start = starts[line - 1]
        var end = line < starts.count ? starts[line] - 1 : byteCount
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        if line == 1, hasByteOrderMark { start = min(3, end) }
        return start..<max(start, end)
    }

    /// How many columns a line has.
    public func width(ofLine line: Int, in bytes: [UInt8]) -> Int {
        LineIndex.scalarCount(bytes[content(ofLine: line, in: bytes)])
    }

    /// The byte offset of a line's column (clamped to the line's text).
    public func offset(line: Int, column: Int, in bytes: [UInt8]) -> Int {
        let range = content(ofLine: line, in: bytes)
        return LineIndex.offset(ofColumn: column, in: bytes[range])
    }

    /// Line and column of a byte offset, scanning from the start of `bytes`
    /// (a slice of a file whose first byte is on `firstLine`).
    package static func position(ofByte offset: Int, in bytes: [UInt8], firstLine: Int) -> (line: Int, column: Int) {
        position(ofByte: offset, in: bytes[...], firstLine: firstLine)
    }

    /// The same in a slice (its indices those of the whole file).
    package static func position(ofByte offset: Int, in bytes: ArraySlice<UInt8>, firstLine: Int) -> (
        line: Int, column: Int
    ) {
        let end = min(max(offset, bytes.startIndex), bytes.endIndex)
        var line = firstLine
        var lineStart = bytes.startIndex
        var i = bytes.startIndex
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        if lineStart == bytes.startIndex, firstLine == 1, hasByteOrderMark(bytes), end >= bytes.startIndex + 3 {
            lineStart = bytes.startIndex + 3
        }
        return (line, scalarCount(bytes[lineStart..<max(lineStart, end)]) + 1)
    }

    /// Unicode scalars in a run of bytes: bytes that start a sequence.
    package static func scalarCount(_ bytes: Span<UInt8>) -> Int {
        var n = 0
        for i in bytes.indices where bytes[i] & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// The same for any run of bytes (a line of an editor's buffer).
    package static func scalarCount<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var n = 0
        for b in bytes where b & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// The offset of a column within one line's bytes (the line's end when
    /// the column lies past it).
    public static func offset(ofColumn column: Int, in line: ArraySlice<UInt8>) -> Int {
        var i = line.startIndex
        var scalars = 1
        while i < line.endIndex, scalars < column {
            i += 1
            while i < line.endIndex, line[i] & 0xC0 == 0x80 { i += 1 }
            scalars += 1
        }
        return i
    }
}
