import HTLCore
import HTLModel
import HTLParse

/// Canonical log text (FORMAT.md §10): LF endings, no BOM, no trailing
/// whitespace, one space between items, action lines start with their date,
/// no trailing blank lines. Items are never reordered or respelled.
package enum LogFormatter {
    /// Written straight into one buffer, line by line (no list of lines: a
    /// log of a hundred million blank lines costs its own size, not gigabytes).
    static func format(_ buffer: Span<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(buffer.count)
        // Blank lines are written once a line with text follows: none trail.
        var blankLines = 0
        TextLines.forEachLine(buffer) { line in
            if buffer.extracting(line).allSatisfy({ isBlank($0) || $0 == 0x0D }) {  // nothing left once canonical
                blankLines += 1
                return
            }
            out.append(contentsOf: repeatElement(0x0A, count: blankLines))
            blankLines = 0
            CanonicalLogLine.append(buffer, line, to: &out)
            out.append(0x0A)
        }
        return out
    }

    /// Whether a log is already canonical, in one pass without allocating:
    /// no BOM, no CR, no trailing blanks, action lines starting with their
    /// date and one space between items, one final line ending, no trailing
    /// blank lines. (A tab or a double space inside quotes is allowed.)
    /// Most lines are plain (`CanonicalLogLine.isPlain`, eight bytes at a
    /// time); only the others are read byte by byte. (The log parser makes
    /// the same verdict while it reads the lines: `LogParse.isCanonical`.)
    static func isCanonical(_ bytes: [UInt8]) -> Bool {
        guard CanonicalLogLine.endsCanonically(bytes) else { return false }
        let b = bytes.span
        var i = 0
        while i < b.count {
            let end = RawBytes.lineBreak(in: b, from: i, end: b.count)
            if !CanonicalLogLine.isCanonical(b, i..<end) { return false }
            i = end + 1
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
