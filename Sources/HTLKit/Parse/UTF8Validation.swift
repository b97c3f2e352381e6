/// Strict UTF-8 validation that reports where the first bad byte is.
enum UTF8Validation {
    /// The offset of the first byte that does not belong to a well-formed
    /// UTF-8 sequence, or nil when all of `bytes[range]` is valid.
    static func firstInvalidByte(_ bytes: [UInt8], in range: Range<Int>? = nil) -> Int? {
        let r = range ?? 0..<bytes.count
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            var i = r.lowerBound
            let end = r.upperBound
            while i < end {
                let b0 = buffer[i]
                if b0 < 0x80 {
                    i += 1
                    continue
                }
                let length: Int
                var lower: UInt8 = 0x80
                var upper: UInt8 = 0xBF
                switch b0 {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; lower = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; upper = 0x9F
                case 0xF0: length = 4; lower = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; upper = 0x8F
                default: return i
                }
                guard i + length <= end else { return i }
                let b1 = buffer[i + 1]
                guard b1 >= lower, b1 <= upper else { return i }
                var k = 2
                while k < length {
                    guard buffer[i + k] & 0xC0 == 0x80 else { return i }
                    k += 1
                }
                i += length
            }
            return nil
        }
    }
}
