import CHTLBytes

/// What the log parser asks of every line when it looks for repeated
/// lines or fmt's verdict (a report's parse asks only
/// `ByteWords.isPrintableASCII`), found in two passes over its bytes (their
/// classes sixteen at a time, the hash eight): whether it is all printable ASCII (then nothing
/// about its characters needs a closer look), whether it is plain
/// (`CanonicalLogLine.isPlain`), and the hash of its bytes (which is the
/// hash of its canonical form when it is plain). Three passes of their
/// own cost twice as much on a line of fifty bytes.
package struct LineSurvey {
    package let isPrintableASCII: Bool
    package let isPlain: Bool
    /// `WordHash.hash` of the line's bytes.
    package let hash: UInt64
    /// Which of the line's first 64 bytes are spaces (bit k: the line's byte k).
    package let spaces: UInt64

    package init(_ line: Span<UInt8>, _ range: Range<Int>) {
        var h = WordHash.start(count: range.count)
        var tail: UInt64 = 0
        // The byte classes sixteen bytes at a step (C, SSE2: the same
        // questions asked eight bytes at a time in Swift were four
        // times the work), then the hash a word at a time.
        let (classes, spaces) = RawBytes.classes(of: line, range)
        var i = range.lowerBound
        let wholeEnd = range.upperBound &- range.count % 8
        while i < wholeEnd {
            h = WordHash.step(h, RawBytes.word(line, i))
            i &+= 8
        }
        // The last few bytes, zero-padded.
        if i < range.upperBound {
            if i &+ 8 <= line.count {
                tail = RawBytes.word(line, i) & ((1 << (UInt64(range.upperBound &- i) &* 8)) &- 1)
            } else {
                for k in i..<range.upperBound { tail |= UInt64(line[k]) << (UInt64(k &- i) &* 8) }
            }
        }
        hash = WordHash.end(h, tail: tail)
        self.spaces = spaces
        isPrintableASCII = classes & (HTL_BYTES_CONTROL | HTL_BYTES_ABOVE_ASCII) == 0
        if classes & HTL_BYTES_CONTROL != 0 {
            // A tab or carriage return makes a line unplain, other controls do not: asked exactly (rare).
            isPlain = CanonicalLogLine.isPlain(line, range)
        } else {
            isPlain =
                classes & HTL_BYTES_UNPLAIN == 0
                && (range.isEmpty || (line[range.lowerBound] != 0x20 && line[range.upperBound - 1] != 0x20))
        }
    }
}
