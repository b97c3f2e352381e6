import HTLCore

/// Source lines for excerpts, found without rescanning files: a line index
/// per file, and a cursor that moves forward along a line as findings
/// (sorted by column) come, so that many findings on one long line stay
/// linear.
struct ExcerptSource {
    static let halfWidth = 50

    /// The files by path, made when the first excerpt is asked for: a
    /// ledger without findings (ten thousand files) needs none.
    private var files: [String: SourceFile]?
    private let allFiles: [SourceFile]
    private var indexes: [String: LineIndex] = [:]
    private var cursor: (path: String, line: Int, column: Int, byte: Int)?

    init(files: [SourceFile]) {
        allFiles = files
    }

    /// About 100 scalars of the line around the column (what the start of
    /// the line leaves unused goes after the caret), tabs and control
    /// characters shown as spaces, "…" where it is cut; and the caret's
    /// column within that text.
    mutating func window(_ location: SourceLocation) -> (String, Int)? {
        if files == nil { files = Dictionary(allFiles.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last }) }
        guard let file = files?[location.path] else { return nil }
        let bytes = file.bytes
        let index = indexes[location.path] ?? LineIndex(bytes)
        indexes[location.path] = index
        guard location.line >= 1, location.line <= index.lineCount else { return nil }
        let line = index.content(ofLine: location.line, in: bytes)
        let at = caretByte(location, line: line, bytes: bytes)
        let from = Self.step(back: ExcerptSource.halfWidth, from: at, limit: line.lowerBound, in: bytes)
        let to = Self.step(
            forward: 2 * ExcerptSource.halfWidth - from.count, from: at, limit: line.upperBound, in: bytes)
        var text = from.offset > line.lowerBound ? "…" : ""
        let caret = from.count + 1 + (from.offset > line.lowerBound ? 1 : 0)
        for scalar in String(decoding: bytes[from.offset..<to.offset], as: UTF8.self).unicodeScalars {
            text.unicodeScalars.append(TerminalText.isShownEscaped(scalar) || scalar == "\t" ? " " : scalar)
        }
        if to.offset < line.upperBound { text += "…" }
        return (text, caret)
    }

    /// The byte where the column is, walking on from the previous finding on this line.
    private mutating func caretByte(_ location: SourceLocation, line: Range<Int>, bytes: [UInt8]) -> Int {
        var column = 1
        var at = line.lowerBound
        if let c = cursor, c.path == location.path, c.line == location.line, c.column <= location.column {
            column = c.column
            at = c.byte
        }
        let moved = Self.step(forward: location.column - column, from: at, limit: line.upperBound, in: bytes)
        cursor = (location.path, location.line, column + moved.count, moved.offset)
        return moved.offset
    }

    /// Up to `scalars` scalars back from `offset`, not before `limit`.
    static func step(back scalars: Int, from offset: Int, limit: Int, in bytes: [UInt8]) -> (offset: Int, count: Int) {
        var i = offset
        var n = 0
        while i > limit, n < scalars {
            i -= 1
            while i > limit, bytes[i] & 0xC0 == 0x80 { i -= 1 }
            n += 1
        }
        return (i, n)
    }

    /// Up to `scalars` scalars on from `offset`, not past `limit`.
    static func step(forward scalars: Int, from offset: Int, limit: Int, in bytes: [UInt8]) -> (offset: Int, count: Int)
    {
        var i = offset
        var n = 0
        while i < limit, n < scalars {
            i += 1
            while i < limit, bytes[i] & 0xC0 == 0x80 { i += 1 }
            n += 1
        }
        return (i, n)
    }
}
