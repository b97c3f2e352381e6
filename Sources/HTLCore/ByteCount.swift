/// Counting one byte value in a buffer eight bytes at a time.
package enum ByteCount {
    /// How many bytes of `buffer` equal `byte`.
    package static func occurrences(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let pattern = ones &* UInt64(byte)
        var count = 0
        var i = 0
        let words = buffer.count / 8
        if let base = UnsafeRawPointer(buffer.baseAddress) {
            while i < words {
                // A byte of x is zero exactly where the word held `byte`; the
                // expression sets the high bit of exactly those bytes.
                let x = base.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self) ^ pattern
                let zeroHigh = ~(((x & low7) &+ low7) | x | low7)
                count += zeroHigh.nonzeroBitCount
                i += 1
            }
        }
        for k in (words * 8)..<buffer.count where buffer[k] == byte { count += 1 }
        return count
    }
}
