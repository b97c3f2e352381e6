import HTLCore

/// Positions in one document, as LSP counts them and as htl does.
///
/// LSP: 0-based lines that end at LF, CR LF or a lone CR, and characters in
/// UTF-16 code units from the line's first byte (a byte order mark is a
/// character like any other). htl: 1-based lines that end at LF, columns in
/// Unicode scalars, the byte order mark no column (`LineIndex`). `é` is one
/// unit of each, `😀` two UTF-16 units and one scalar. Every conversion goes
/// through the byte offset, so the two ways of counting lines never mix.
public struct TextPositions {
    public let bytes: [UInt8]
    let lines: LineIndex
    /// Where each LSP line starts; a text ending in a line break has an
    /// empty last line (the position after it is that line's start).
    let lspStarts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lines = LineIndex(bytes)
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
            if bytes[i] == 0x0A || bytes[i] == 0x0D { starts.append(i + 1) }
            i += 1
        }
        lspStarts = starts
    }

    /// The bytes of an LSP line, without its line ending.
    func lspLine(_ line: Int) -> Range<Int> {
        let start = lspStarts[line]
        guard line + 1 < lspStarts.count else { return start..<bytes.count }
        var end = lspStarts[line + 1] - 1
        if bytes[end] == 0x0A, end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The byte offset of an LSP position, exactly as LSP defines it: nil
    /// for a line that is not in the text or a character inside a surrogate
    /// pair (the editor's text and this one would differ); a character past
    /// the line's end is the line's end (LSP 3.17, `Position`).
    public func exactOffset(line: Int, character: Int) -> Int? {
        guard line >= 0, line < lspStarts.count, character >= 0 else { return nil }
        let range = lspLine(line)
        var i = range.lowerBound
        var units = 0
        while i < range.upperBound, units < character {
            let length = TextPositions.sequenceLength(bytes[i])
            units += length == 4 ? 2 : 1
            i = min(i + length, range.upperBound)
        }
        return units > character ? nil : i
    }

    /// The byte offset of an LSP position, for a request about a place: a
    /// line past the end is the end of the text, a line before it the
    /// start, a character past the line's end is the line's end, and a
    /// character inside a surrogate pair is the character's start.
    public func offset(line: Int, character: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lspStarts.count else { return bytes.count }
        let range = lspLine(line)
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

    /// The LSP position of a byte offset (clamped to the text).
    public func lspPosition(ofByte offset: Int) -> (line: Int, character: Int) {
        let offset = min(max(offset, 0), bytes.count)
        // The last line starting at or before the offset.
        var low = 0
        var high = lspStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lspStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low, TextPositions.utf16Count(bytes[lspStarts[low]..<offset]))
    }

    /// An LSP position for htl's line and column (clamped to the text).
    public func lspPosition(line: Int, column: Int) -> (line: Int, character: Int) {
        lspPosition(ofByte: lines.offset(line: line, column: column, in: bytes))
    }

    /// htl's 1-based line and scalar column of an LSP position. A line past
    /// the end is the last line's end.
    public func htlPosition(line: Int, character: Int) -> (line: Int, column: Int) {
        let p = LineIndex.position(ofByte: offset(line: line, character: character), in: bytes[...], firstLine: 1)
        guard p.line <= lines.lineCount else {
            return (lines.lineCount, lines.width(ofLine: lines.lineCount, in: bytes) + 1)
        }
        return p
    }

    /// htl's 1-based line of an LSP line, clamped to the text (any Int, no overflow).
    public func htlLine(_ line: Int) -> Int {
        htlPosition(line: line, character: 0).line
    }

    /// The LSP position just after the last byte: after a final line
    /// ending, the start of the (empty) line that follows.
    public var end: (line: Int, character: Int) {
        lspPosition(ofByte: bytes.count)
    }

    /// The text of htl's 1-based line, without its ending.
    public func lineText(_ line: Int) -> ArraySlice<UInt8> {
        bytes[lines.content(ofLine: line, in: bytes)]
    }

    /// htl's number of lines.
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
