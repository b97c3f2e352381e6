import HTLCore
import HTLModel

/// What an earlier parse of a log gives a new one: everything about the
/// lines before the first byte that changed (their bytes, and so their line
/// numbers, are the same). The new parse reads on from `start`.
struct LogReuse {
    /// The first byte read again: the start of the line where the versions part.
    var start = 0
    /// That line's number.
    var firstLine = 1
    /// The earlier parse's actions on those lines (not copied until the new array is filled).
    var actions: ArraySlice<Action> = []
    var findings: [Finding] = []
    var rejectedLinks: [ParseContext.RejectedLink] = []

    init() {}

    /// The part of `previous` about the lines before `unchangedBytes.start`.
    init(_ previous: LogParse, unchangedBytes: (start: Int, firstLine: Int)) {
        (start, firstLine) = unchangedBytes
        guard start > 0 else { return }
        let line = firstLine
        actions = previous.actions.prefix { $0.line < line }
        findings = previous.findings.filter { $0.location.line < line }
        rejectedLinks = previous.rejectedLinks.filter { $0.location.line < line }
    }

    /// Where two versions of a file part: the start of the line holding the
    /// first byte that differs (or of the line after the shorter one's
    /// end), and that line's number. Compared eight bytes at a time.
    static func unchangedLines(_ old: [UInt8], _ new: [UInt8]) -> (start: Int, firstLine: Int) {
        let (a, b) = (old.span, new.span)
        let n = min(a.count, b.count)
        var i = 0
        while i + 8 <= n, RawBytes.word(a, i) == RawBytes.word(b, i) { i += 8 }
        while i < n, a[i] == b[i] { i += 1 }
        // Back to the start of the line holding byte i.
        var start = i
        while start > 0, a[start - 1] != 0x0A { start -= 1 }
        return (start, 1 + ByteCount.occurrences(of: 0x0A, in: a.extracting(0..<start)))
    }

    /// The kept action lines, for the search of repeats: a repeat of one
    /// of them further down is still found.
    func actionLines(_ buffer: Span<UInt8>) -> [RepeatSearch.ActionLine] {
        var lines: [RepeatSearch.ActionLine] = []
        lines.reserveCapacity(actions.count)
        var next = actions.startIndex
        var line = 1
        var position = buffer.starts(with: LineIndex.byteOrderMark) ? 3 : 0
        while next < actions.endIndex, position < start {
            let end = RawBytes.lineBreak(in: buffer, from: position, end: start)
            if actions[next].line == line {
                var contentEnd = end
                if contentEnd > position, buffer[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                lines.append(
                    RepeatSearch.ActionLine(
                        line: line, start: position, hash: CanonicalLogLine.hash(buffer, position..<contentEnd)))
                next += 1
            }
            position = end + 1
            line += 1
        }
        return lines
    }
}
