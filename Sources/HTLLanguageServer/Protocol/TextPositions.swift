import HTLCore

/// Positions in one document, as LSP counts them (0-based lines, columns in
/// UTF-16 code units) and as htl does (1-based lines, columns in Unicode
/// scalars): `é` is one unit of each, `😀` two UTF-16 units and one scalar.
public struct TextPositions {
    public let bytes: [UInt8]
    let lines: LineIndex

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lines = LineIndex(bytes)
    }

    /// An LSP position for htl's line and column (clamped to the text).
    public func lspPosition(line: Int, column: Int) -> (line: Int, character: Int) {
        let line = min(max(line, 1), lines.lineCount)
        let range = lines.content(ofLine: line, in: bytes)
        let end = LineIndex.offset(ofColumn: column, in: bytes[range])
        return (line - 1, TextPositions.utf16Count(bytes[range.lowerBound..<end]))
    }

    /// The byte offset of an LSP position; a line past the end is the end of
    /// the text, a character past the line's end is the line's end, and a
    /// character inside a surrogate pair is the character's start.
    public func offset(line: Int, character: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lines.lineCount else { return bytes.count }
        let range = lines.content(ofLine: line + 1, in: bytes)
        var i = range.lowerBound
        var units = 0
        while i < range.upperBound {
            let length = TextPositions.sequenceLength(bytes[i])
            let width = length == 4 ? 2 : 1
            if units + width > character { break }
            units += width
            i = min(i + length, range.upperBound)
        }
        return i
    }

    /// htl's 1-based line and scalar column of an LSP position.
    /// A line past the end is the last line's end.
    public func htlPosition(line: Int, character: Int) -> (line: Int, column: Int) {
        let l = htlLine(line)
        let content = lines.content(ofLine: l, in: bytes)
        let offset = min(max(offset(line: l - 1, character: line < lines.lineCount ? character : Int.max), content.lowerBound), content.upperBound)
        return (l, LineIndex.scalarCount(bytes[content.lowerBound..<offset]) + 1)
    }

    /// htl's 1-based line of an LSP line, clamped to the text (any Int, no overflow).
    public func htlLine(_ line: Int) -> Int {
        min(max(line, 0), lines.lineCount - 1) + 1
    }

    /// The LSP position of a byte offset.
    public func lspPosition(ofByte offset: Int) -> (line: Int, character: Int) {
        let p = LineIndex.position(ofByte: offset, in: bytes[...], firstLine: 1)
        return lspPosition(line: p.line, column: p.column)
    }

    /// The LSP position just after the last byte: after a final line
    /// ending, the start of the (empty) line that follows.
    public var end: (line: Int, character: Int) {
        let lineFeeds = bytes.withUnsafeBufferPointer { ByteCount.occurrences(of: 0x0A, in: $0) }
        let lastStart = (bytes.lastIndex(of: 0x0A) ?? -1) + 1
        return (lineFeeds, TextPositions.utf16Count(bytes[lastStart...]))
    }

    /// The text of a 1-based line, without its ending.
    public func lineText(_ line: Int) -> ArraySlice<UInt8> {
        bytes[lines.content(ofLine: line, in: bytes)]
    }

    public var lineCount: Int { lines.lineCount }

    static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }

    static func utf16Count(_ bytes: ArraySlice<UInt8>) -> Int {
        var n = 0
        for b in bytes where b & 0xC0 != 0x80 { n += b >= 0xF0 ? 2 : 1 }
        return n
    }
}
