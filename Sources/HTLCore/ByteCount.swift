/// Counting one byte value in a buffer eight bytes at a time.
package enum ByteCount {
    /// How many bytes of `bytes` equal `byte`.
    package static func occurrences(of byte: UInt8, in bytes: Span<UInt8>) -> Int {
        var count = 0
        var i = 0
        let words = bytes.count / 8
        while i < words {
            // The matches' high bits moved to the low bits and summed by one multiply
            // (`nonzeroBitCount` is a loop of shifts where the target CPU has no popcount).
            let ones = ByteWords.equal(RawBytes.word(bytes, i * 8), byte) >> 7
            count += Int((ones &* 0x0101_0101_0101_0101) >> 56)
            i += 1
        }
        for k in (words * 8)..<bytes.count where bytes[k] == byte { count += 1 }
        return count
    }

    /// The line breaks of `bytes`, and how many of them start a line that
    /// is certainly not an action: one whose first byte is `#` (a comment),
    /// a line break (an empty line) or a carriage return (an empty line, or
    /// a control character). The log parser reserves room for the others.
    /// (Counted sixteen bytes at a step by `htl_line_breaks`, C with SSE2.)
    package static func lineBreaks(in bytes: Span<UInt8>) -> (breaks: Int, beforeNoAction: Int) {
        RawBytes.lineBreaks(in: bytes)
    }

    /// Whether a line starting with `byte` is certainly not an action.
    /// (Asked of C, where `htl_line_breaks` asks it of every break: one definition.)
    package static func startsNoAction(_ byte: UInt8) -> Bool {
        RawBytes.startsNoAction(byte)
    }
}
