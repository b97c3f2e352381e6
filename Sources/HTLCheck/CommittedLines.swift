import HTLCore

/// A log file's committed lines against its lines now (the append-only
/// rule, FORMAT.md §6): how many committed lines there are, and how many of
/// them still lead the file unchanged. Lines compare in the canonical form
/// `htl fmt` writes; blank lines at the end of the committed text do not count.
///
/// The usual case, a log that only grew, is decided by comparing bytes: the
/// committed text, ending at a line break, is where the file now begins.
/// Only otherwise are lines compared one by one.
struct CommittedLines {
    enum Rewrite {
        /// The first committed line that differs (its canonical form).
        case changed(was: [UInt8])
        /// The file now ends before the committed lines do (its line count).
        case removed(currentLines: Int)
    }

    /// Committed lines, less blank lines at the end.
    private(set) var committed = 0
    /// How many of them lead the file now, unchanged.
    private(set) var unchanged = 0
    /// What became of the first committed line that did not survive.
    private(set) var firstRewrite: Rewrite?

    init(base: [UInt8], current: [UInt8]) {
        self.init(base: base[...], current: current)
    }

    init(base: ArraySlice<UInt8>, current: [UInt8]) {
        compare(base.span, current.span)
    }

    private mutating func compare(_ old: Span<UInt8>, _ new: Span<UInt8>) {
        if Self.grewOnly(old, new) {
            committed = Self.lineCount(old)
            unchanged = committed
            return
        }
        var oldLines: [Range<Int>] = []
        TextLines.forEachLine(old) { oldLines.append($0) }
        while let last = oldLines.last, Self.isBlank(old, last) { oldLines.removeLast() }
        committed = oldLines.count
        var newLines: [Range<Int>] = []
        TextLines.forEachLine(new) { newLines.append($0) }
        while unchanged < committed, unchanged < newLines.count,
            Self.sameCanonical(old, oldLines[unchanged], new, newLines[unchanged])
        {
            unchanged += 1
        }
        if unchanged < committed {
            firstRewrite =
                unchanged < newLines.count
                ? .changed(was: CanonicalLogLine.of(old, oldLines[unchanged])) : .removed(currentLines: newLines.count)
        }
    }

    /// Lines (as `TextLines.forEachLine` gives them), less blank lines at
    /// the end, without listing them: the line breaks counted eight bytes at
    /// a time, then the blank lines at the end walked back from the last
    /// (a line at a time, a log of 5 MB took 4 ms of a check in git that
    /// nothing else ran beside).
    static func lineCount(_ text: Span<UInt8>) -> Int {
        var start = 0
        while text.count - start >= 3, text[start] == 0xEF, text[start + 1] == 0xBB, text[start + 2] == 0xBF {
            start += 3
        }
        let breaks = ByteCount.occurrences(of: 0x0A, in: text.extracting(start...))
        var kept = breaks + (start < text.count && text[text.count - 1] != 0x0A ? 1 : 0)
        var end = text.count
        while kept > 0 {
            // The last line left: from after the break before it to its own break (or the end).
            var lineEnd = end
            if lineEnd > start, text[lineEnd - 1] == 0x0A { lineEnd -= 1 }
            var lineStart = lineEnd
            while lineStart > start, text[lineStart - 1] != 0x0A { lineStart -= 1 }
            var contentEnd = lineEnd
            while contentEnd > lineStart, text[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            guard isBlank(text, lineStart..<contentEnd) else { break }
            kept -= 1
            end = lineStart
        }
        return kept
    }

    /// A line whose canonical form is empty (only one starting with a blank
    /// or a carriage return, trimmed with them, can be).
    static func isBlank(_ text: Span<UInt8>, _ line: Range<Int>) -> Bool {
        guard let first = line.first else { return true }
        guard text[first] == 0x20 || text[first] == 0x09 || text[first] == 0x0D else { return false }
        return CanonicalLogLine.of(text, line).isEmpty
    }

    /// Whether `new` begins with all of `old`, and `old` ends at a line
    /// break (or is all of `new`): then every committed line is still there,
    /// byte for byte.
    static func grewOnly(_ old: Span<UInt8>, _ new: Span<UInt8>) -> Bool {
        guard old.count <= new.count else { return false }
        guard old.isEmpty || old.count == new.count || old[old.count - 1] == 0x0A else { return false }
        // The committed text read as the beginning of the file now (its hash was HEAD's id): the same bytes.
        if old.isIdentical(to: new.extracting(0..<old.count)) { return true }
        return sameBytes(old, 0..<old.count, new, 0..<old.count)
    }

    /// Two lines with the same canonical form: equal bytes when both are
    /// already canonical, else their canonical forms compared.
    static func sameCanonical(
        _ a: Span<UInt8>, _ ra: Range<Int>,
        _ b: Span<UInt8>, _ rb: Range<Int>
    ) -> Bool {
        if CanonicalLogLine.isPlain(a, ra), CanonicalLogLine.isPlain(b, rb) { return sameBytes(a, ra, b, rb) }
        return CanonicalLogLine.of(a, ra) == CanonicalLogLine.of(b, rb)
    }

    /// Equal bytes, compared eight at a time.
    static func sameBytes(
        _ a: Span<UInt8>, _ ra: Range<Int>,
        _ b: Span<UInt8>, _ rb: Range<Int>
    ) -> Bool {
        guard ra.count == rb.count else { return false }
        var i = 0
        while i + 8 <= ra.count {
            if RawBytes.word(a, ra.lowerBound + i) != RawBytes.word(b, rb.lowerBound + i) { return false }
            i += 8
        }
        while i < ra.count {
            if a[ra.lowerBound + i] != b[rb.lowerBound + i] { return false }
            i += 1
        }
        return true
    }
}
