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
        var i = range.lowerBound
        if let base = UnsafeRawPointer(line.baseAddress) {
            while i < range.upperBound {
                var word: UInt64
                // Bytes of the word that belong to the line: all eight, or
                // the last few of it, read as a whole word when the buffer
                // goes on past the line (it nearly always does: a line break follows).
                var inside = ByteWords.high
                if i + 8 <= range.upperBound {
                    word = ByteWords.load(base, i)
                } else if i + 8 <= line.count {
                    let kept = UInt64(range.upperBound - i) * 8
                    word = ByteWords.load(base, i) & ((1 << kept) - 1)
                    inside &= (1 << kept) - 1
                } else {
                    word = 0
                    for k in i..<range.upperBound { word |= UInt64(line[k]) << (UInt64(k - i) * 8) }
                    inside &= (1 << (UInt64(range.upperBound - i) * 8)) - 1
                }
                // Bytes past the line are zeros, above the line's own in the word: a
                // borrow runs upward, so masking them off keeps the answer exact.
                controls |= ByteWords.anyBelow(word, 0x20) & inside
                other |= ByteWords.anyAbove(word, 0x7E)
                unplain |= CanonicalLogLine.unplainBytes(word, previousSpace: &previousSpace)
                if i + 8 > range.upperBound {
                    tail = word
                    break
                }
                h = CanonicalLogLine.hashStep(h, word)
                i += 8
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
