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
}
