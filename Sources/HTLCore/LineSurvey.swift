/// What the log parser asks of every line when it looks for repeated
/// lines or fmt's verdict (a report's parse asks only
/// `ByteWords.isPrintableASCII`), found in one pass over its bytes eight
/// at a time: whether it is all printable ASCII (then nothing
/// about its characters needs a closer look), whether it is plain
/// (`CanonicalLogLine.isPlain`), and the hash of its bytes (which is the
/// hash of its canonical form when it is plain). Three passes cost twice
/// as much on a line of fifty bytes.
package struct LineSurvey {
    package let isPrintableASCII: Bool
    package let isPlain: Bool
    /// `CanonicalLogLine.wordHash` of the line's bytes.
    package let hash: UInt64

    package init(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        var h = CanonicalLogLine.hashStart(count: range.count)
        // High bits of bytes that are controls (tab included), DEL or
        // outside ASCII; of bytes that keep the line from being plain.
        var controls: UInt64 = 0
        var other: UInt64 = 0
        var unplain: UInt64 = 0
        var previousSpace = false
        var tail: UInt64 = 0
        if let base = UnsafeRawPointer(line.baseAddress) {
            // The whole words first, in a loop that asks nothing else (asking
            // of every word whether it was the last made twice the work).
            var i = range.lowerBound
            let wholeEnd = range.upperBound &- range.count % 8
            while i < wholeEnd {
                let word = ByteWords.load(base, i)
                controls |= ByteWords.anyBelow(word, 0x20)
                other |= ByteWords.anyAbove(word, 0x7E)
                unplain |= CanonicalLogLine.unplainBytes(word, previousSpace: &previousSpace)
                h = CanonicalLogLine.hashStep(h, word)
                i &+= 8
            }
            if i < range.upperBound {
                // The last few bytes, read as a whole word when the buffer goes
                // on past the line (it nearly always does: a line break
                // follows), the bytes past the line made zeros: above the
                // line's own in the word, where a borrow running upward cannot
                // reach back, so the answers stay exact.
                let kept = UInt64(range.upperBound &- i) &* 8
                let mask: UInt64 = (1 << kept) &- 1
                if i &+ 8 <= line.count {
                    tail = ByteWords.load(base, i) & mask
                } else {
                    for k in i..<range.upperBound { tail |= UInt64(line[k]) << (UInt64(k &- i) &* 8) }
                }
                controls |= ByteWords.anyBelow(tail, 0x20) & ByteWords.high & mask
                other |= ByteWords.anyAbove(tail, 0x7E)
                unplain |= CanonicalLogLine.unplainBytes(tail, previousSpace: &previousSpace)
            }
        }
        hash = CanonicalLogLine.hashEnd(h, tail: tail)
        isPrintableASCII = controls | other == 0
        if controls != 0 {
            // A tab or carriage return makes a line unplain, other controls do not: asked exactly (rare).
            isPlain = CanonicalLogLine.isPlain(line, range)
        } else {
            isPlain = unplain == 0 && (range.isEmpty || (line[range.lowerBound] != 0x20 && line[range.upperBound - 1] != 0x20))
        }
    }
}
