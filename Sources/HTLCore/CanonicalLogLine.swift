/// A log line in the canonical form `htl fmt` writes (FORMAT.md §10):
/// blanks trimmed at both ends and runs of blanks between items made one
/// space (quoted items keep their inner spacing); comment lines keep their
/// text. The append-only rule, `htl diff` and `duplicate-action` compare
/// lines in this form, so formatting never makes two lines differ.
package enum CanonicalLogLine {
    package static func of<C: Collection>(_ line: C) -> [UInt8] where C.Element == UInt8, C.Index == Int {
        let bytes = Array(line)
        return of(bytes.span, 0..<bytes.count)
    }

    /// The same on a range of a buffer, without generics.
    package static func of(_ line: Span<UInt8>, _ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        append(line, range, to: &out)
        return out
    }

    /// The canonical form appended to `out` (a whole log formatted into one buffer).
    package static func append(_ line: Span<UInt8>, _ range: Range<Int>, to out: inout [UInt8]) {
        forEachByte(line, range) { out.append($0) }
    }

    /// A 64-bit hash of the canonical form: the parser hashes every line to
    /// find repeats. A plain line is its own canonical form and is hashed as
    /// it stands, eight bytes at a time; any other line's canonical form is
    /// written to scratch space first.
    package static func hash(_ line: Span<UInt8>, _ range: Range<Int>) -> UInt64 {
        hash(line, range, plain: isPlain(line, range))
    }

    /// The same, told whether the line is plain (`isPlain`, already asked).
    package static func hash(_ line: Span<UInt8>, _ range: Range<Int>, plain: Bool) -> UInt64 {
        if plain { return WordHash.hash(line.extracting(range)) }
        return WordHash.hash(of(line, range).span)
    }

    /// Whether a line is certainly its own canonical form: no blank at
    /// either end, no tab, quote or carriage return, no two spaces in a row.
    /// Decided eight bytes at a time; false may also mean "look closer".
    package static func isPlain(_ line: Span<UInt8>, _ range: Range<Int>) -> Bool {
        guard let first = range.first, !isBlank(line[first]), !isBlank(line[range.upperBound - 1]) else {
            return range.isEmpty
        }
        var i = range.lowerBound
        var previousSpace = false
        while i + 8 <= range.upperBound {
            let word = RawBytes.word(line, i)
            let blanks = ByteWords.equal(word, 0x09) | ByteWords.equal(word, 0x0D)
            if blanks | unplainBytes(word, previousSpace: &previousSpace) != 0 { return false }
            i += 8
        }
        while i < range.upperBound {
            let b = line[i]
            if b == 0x09 || b == 0x0D || b == 0x22 || (b == 0x20 && previousSpace) { return false }
            previousSpace = b == 0x20
            i += 1
        }
        return true
    }

    /// The bytes of `word` that keep a line from being plain, tabs and
    /// carriage returns aside: quotes, and spaces after a space (within the
    /// word, or across its start when the word before ended in one).
    /// `previousSpace` becomes whether this word ends in a space.
    @inline(__always)
    package static func unplainBytes(_ word: UInt64, previousSpace: inout Bool) -> UInt64 {
        let spaces = ByteWords.equal(word, 0x20)
        let found = ByteWords.equal(word, 0x22) | (spaces & (spaces >> 8)) | (previousSpace ? spaces & 0x80 : 0)
        previousSpace = spaces >> 63 != 0
        return found
    }

    /// Whether a line (without its line ending) is in the form `htl fmt`
    /// writes: plain, or read byte by byte: empty, a comment, or an action
    /// line starting with its date, with one space between items, no tab
    /// and no blank at its end (a tab or two spaces inside quotes are kept).
    package static func isCanonical(_ b: Span<UInt8>, _ line: Range<Int>) -> Bool {
        if isPlain(b, line) { return true }
        let (i, end) = (line.lowerBound, line.upperBound)
        if end == i { return true }
        if isBlank(b[end - 1]) || b[end - 1] == 0x0D { return false }
        var first = i
        while first < end, isBlank(b[first]) { first += 1 }
        if b[first] == UInt8(ascii: "#") { return true }
        if first != i { return false }
        var quoted = false
        var k = i
        while k < end {
            let c = b[k]
            if quoted {
                if c == UInt8(ascii: "\\") { k += 1 } else if c == UInt8(ascii: "\"") { quoted = false }
            } else if c == UInt8(ascii: "\""), k == i || b[k - 1] == 0x20 {
                quoted = true
            } else if c == 0x09 || (c == 0x20 && b[k + 1] == 0x20) {
                return false
            }
            k += 1
        }
        return true
    }

    /// How a canonical log begins and ends: no byte order mark, a final
    /// line ending, no blank line at the end (an empty log is canonical).
    package static func endsCanonically(_ bytes: [UInt8]) -> Bool {
        if bytes.isEmpty { return true }
        if LineIndex.hasByteOrderMark(bytes) || bytes[bytes.count - 1] != 0x0A { return false }
        return bytes.count > 1 && bytes[bytes.count - 2] != 0x0A
    }

    /// Calls `body` with each byte of the canonical form, in order.
    @inline(__always)
    private static func forEachByte(_ line: Span<UInt8>, _ range: Range<Int>, _ body: (UInt8) -> Void) {
        var end = range.upperBound
        // A carriage return at the end is a line ending's leftover, trimmed with the blanks.
        while end > range.lowerBound, isBlank(line[end - 1]) || line[end - 1] == 0x0D { end -= 1 }
        var start = range.lowerBound
        while start < end, isBlank(line[start]) { start += 1 }
        if start == end { return }
        if line[start] == UInt8(ascii: "#") {
            for i in range.lowerBound..<end { body(line[i]) }
            return
        }
        var i = start
        while i < end {
            while i < end, isBlank(line[i]) { i += 1 }
            if i == end { break }
            if i > start { body(0x20) }
            if line[i] == UInt8(ascii: "\"") {
                // A quoted item keeps its inner spacing, up to its closing quote.
                body(line[i])
                i += 1
                while i < end {
                    let b = line[i]
                    body(b)
                    i += 1
                    if b == UInt8(ascii: "\\"), i < end, line[i] == UInt8(ascii: "\"") || line[i] == UInt8(ascii: "\\")
                    {
                        body(line[i])
                        i += 1
                    } else if b == UInt8(ascii: "\"") {
                        break
                    }
                }
            }
            while i < end, !isBlank(line[i]) {
                body(line[i])
                i += 1
            }
        }
    }

    @inline(__always)
    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
}
