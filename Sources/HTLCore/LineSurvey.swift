/// What the log parser asks of every line, found in one pass over its
/// bytes eight at a time: whether it is all printable ASCII (then nothing
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
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h = 0xCBF2_9CE4_8422_2325 ^ UInt64(range.count)
        // High bits of bytes that are controls (tab included), DEL or
        // outside ASCII; of quotes and second spaces in a row.
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
                let spaces = ByteWords.equal(word, 0x20)
                unplain |= ByteWords.equal(word, 0x22) | (spaces & (spaces >> 8)) | (previousSpace ? spaces & 0x80 : 0)
                previousSpace = spaces >> 63 != 0
                if i + 8 > range.upperBound {
                    tail = word
                    break
                }
                h = (h ^ word) &* multiplier
                h ^= h >> 31
                i += 8
            }
        }
        h = (h ^ tail) &* multiplier
        hash = h ^ (h >> 29)
        isPrintableASCII = controls | other == 0
        if controls != 0 {
            // A tab or carriage return makes a line unplain, other controls do not: asked exactly (rare).
            isPlain = CanonicalLogLine.isPlain(line, range)
        } else {
            isPlain = unplain == 0 && (range.isEmpty || (line[range.lowerBound] != 0x20 && line[range.upperBound - 1] != 0x20))
        }
    }
}
