/// Counting one byte value in a buffer eight bytes at a time.
package enum ByteCount {
    /// How many bytes of `buffer` equal `byte`.
    package static func occurrences(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var i = 0
        let words = buffer.count / 8
        if let base = UnsafeRawPointer(buffer.baseAddress) {
            while i < words {
                // The matches' high bits moved to the low bits and summed by one multiply
                // (`nonzeroBitCount` is a loop of shifts where the target CPU has no popcount).
                let ones = ByteWords.equal(ByteWords.load(base, i * 8), byte) >> 7
                count += Int((ones &* 0x0101_0101_0101_0101) >> 56)
                i += 1
            }
        }
        for k in (words * 8)..<buffer.count where buffer[k] == byte { count += 1 }
        return count
    }

    /// The line breaks of `buffer`, and how many of them start a line that
    /// is certainly not an action: one whose first byte is `#` (a comment),
    /// a line break (an empty line) or a carriage return (an empty line, or
    /// a control character). The log parser reserves room for the others.
    package static func lineBreaks(in buffer: UnsafeBufferPointer<UInt8>) -> (breaks: Int, beforeNoAction: Int) {
        var breaks = 0
        var beforeNoAction = 0
        var i = 0
        let words = buffer.count / 8
        var previousEndsInBreak: UInt64 = 0
        if let base = UnsafeRawPointer(buffer.baseAddress) {
            while i < words {
                let word = ByteWords.load(base, i * 8)
                let newlines = ByteWords.equal(word, 0x0A)
                i += 1
                // Most words hold no break and follow none: nothing more to look at.
                guard newlines | previousEndsInBreak != 0 else { continue }
                let starts = ByteWords.equal(word, UInt8(ascii: "#")) | newlines | ByteWords.equal(word, 0x0D)
                // A break's next byte is a byte up in the word, or the next word's first.
                let followed = ((newlines << 8) | previousEndsInBreak) & starts
                breaks += Int(((newlines >> 7) &* 0x0101_0101_0101_0101) >> 56)
                beforeNoAction += Int(((followed >> 7) &* 0x0101_0101_0101_0101) >> 56)
                previousEndsInBreak = newlines >> 56
            }
        }
        for k in (words * 8)..<buffer.count where buffer[k] == 0x0A {
            breaks += 1
            if k + 1 < buffer.count, startsNoAction(buffer[k + 1]) { beforeNoAction += 1 }
        }
        // A break that ends the last word, followed by a byte of the tail.
        if previousEndsInBreak != 0, words * 8 < buffer.count, startsNoAction(buffer[words * 8]) { beforeNoAction += 1 }
        return (breaks, beforeNoAction)
    }

    /// Whether a line starting with `byte` is certainly not an action.
    package static func startsNoAction(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "#") || byte == 0x0A || byte == 0x0D
    }
}
