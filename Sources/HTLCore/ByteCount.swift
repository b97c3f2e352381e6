import CHTLBytes

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
    /// (Counted sixteen bytes at a step by `htl_line_breaks`, C with SSE2.)
    package static func lineBreaks(in buffer: UnsafeBufferPointer<UInt8>) -> (breaks: Int, beforeNoAction: Int) {
        guard let base = buffer.baseAddress else { return (0, 0) }
        var beforeNoAction = 0
        let breaks = htl_line_breaks(base, buffer.count, &beforeNoAction)
        return (breaks, beforeNoAction)
    }

    /// Whether a line starting with `byte` is certainly not an action.
    /// (Asked of C, where `htl_line_breaks` asks it of every break: one definition.)
    package static func startsNoAction(_ byte: UInt8) -> Bool {
        htl_starts_no_action(byte) != 0
    }
}
