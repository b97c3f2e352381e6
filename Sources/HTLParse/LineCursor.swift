import HTLCore
import HTLModel

/// Positions within one log line, with column counting that stays linear on
/// long lines (columns are asked for left to right).
struct LineCursor {
    let start: Int
    let end: Int
    let line: Int
    var isASCII = true
    private var lastOffset: Int
    private var lastColumn = 1

    // No path and no bytes: the scanner holds its file's once (a String or an
    // array copied into the cursor of every line was a reference count taken
    // and given back per line).
    init(start: Int, end: Int, line: Int) {
        self.start = start
        self.end = end
        self.line = line
        self.lastOffset = start
    }

    /// 1-based column in Unicode scalars of a byte offset in this line.
    mutating func column(_ offset: Int, in buffer: [UInt8]) -> Int {
        if isASCII { return offset - start + 1 }
        if offset < lastOffset {
            lastOffset = start
            lastColumn = 1
        }
        // Columns count as LineIndex counts them, from the last position asked.
        lastColumn += LineIndex.scalarCount(buffer[lastOffset..<offset])
        lastOffset = offset
        return lastColumn
    }

    /// The text of a byte range for a message, shortened past `limit` scalars.
    func text(_ from: Int, _ to: Int, limit: Int, in buffer: [UInt8]) -> String {
        let s = String(decoding: buffer[from..<to], as: UTF8.self)
        // No more bytes than the limit: no more scalars either.
        return to - from > limit && s.unicodeScalars.count > limit
            ? String(String.UnicodeScalarView(s.unicodeScalars.prefix(limit))) + "…" : s
    }
}
