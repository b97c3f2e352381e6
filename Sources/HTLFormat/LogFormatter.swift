import HTLCore
import HTLModel
import HTLParse

/// Canonical log text (FORMAT.md §10): LF endings, no BOM, no trailing
/// whitespace, one space between items, action lines start with their date,
/// no trailing blank lines. Items are never reordered or respelled.
package enum LogFormatter {
    /// Written straight into one buffer, line by line (no list of lines: a
    /// log of a hundred million blank lines costs its own size, not gigabytes).
    static func format(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        // Blank lines are written once a line with text follows: none trail.
        var blankLines = 0
        bytes.withUnsafeBufferPointer { buffer in
            TextLines.forEachLine(buffer) { line in
                if buffer[line].allSatisfy({ isBlank($0) || $0 == 0x0D }) {  // nothing left once canonical
                    blankLines += 1
                    return
                }
                out.append(contentsOf: repeatElement(0x0A, count: blankLines))
                blankLines = 0
                CanonicalLogLine.append(buffer, line, to: &out)
                out.append(0x0A)
            }
        }
        return out
    }

    /// Whether a log is already canonical, in one pass without allocating:
    /// no BOM, no CR, no trailing blanks, action lines starting with their
    /// date and one space between items, one final line ending, no trailing
    /// blank lines. (A tab or a double space inside quotes is allowed.)
    /// Most lines are plain (`CanonicalLogLine.isPlain`, eight bytes at a
    /// time); only the others are read byte by byte.
    static func isCanonical(_ bytes: [UInt8]) -> Bool {
        if bytes.isEmpty { return true }
        if LineIndex.hasByteOrderMark(bytes) || bytes[bytes.count - 1] != 0x0A { return false }
        if bytes.count == 1 || bytes[bytes.count - 2] == 0x0A { return false }
        return bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i < b.count {
                let end = ByteWords.firstIndex(of: 0x0A, in: b, from: i, end: b.count)
                if !CanonicalLogLine.isPlain(b, i..<end), !isCanonicalLine(b, i..<end) { return false }
                i = end + 1
            }
            return true
        }
    }

    /// One line, byte by byte: a comment, or an action line as above.
    private static func isCanonicalLine(_ b: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
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

    /// One line in canonical form (also what the append-only rule compares).
    package static func canonicalLine<C: Collection>(_ line: C) -> [UInt8] where C.Element == UInt8, C.Index == Int {
        CanonicalLogLine.of(line)
    }

    @inline(__always)
    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
}
