/// Strict UTF-8 validation that reports where the first bad byte is.
public enum UTF8Validation {
    /// Whether all of `bytes` is well-formed UTF-8.
    public static func isValid(_ bytes: [UInt8]) -> Bool {
        firstInvalidByte(bytes) == nil
    }

    /// The offset of the first byte that does not belong to a well-formed
    /// UTF-8 sequence, or nil when all of `bytes[range]` is valid.
    package static func firstInvalidByte(_ bytes: [UInt8], in range: Range<Int>? = nil) -> Int? {
        firstInvalidByte(bytes.span, in: range)
    }

    package static func firstInvalidByte(_ buffer: Span<UInt8>, in range: Range<Int>? = nil) -> Int? {
        let r = range ?? 0..<buffer.count
        var i = r.lowerBound
        let end = r.upperBound
        while i < end {
            // ASCII, the most of most files, eight bytes at a time.
            if i + 8 <= end, ByteWords.nonASCII(RawBytes.word(buffer, i)) == 0 {
                i += 8
                continue
            }
            if buffer[i] < 0x80 {
                i += 1
                continue
            }
            let length = sequenceLength(buffer, at: i, end: end)
            if length == 0 { return i }
            i += length
        }
        return nil
    }

    /// The length of the well-formed sequence starting at `i` (1-4), or 0
    /// when the byte there does not start one.
    static func sequenceLength(_ bytes: Span<UInt8>, at i: Int, end: Int? = nil) -> Int {
        let end = end ?? bytes.count
        let b0 = bytes[i]
        if b0 < 0x80 { return 1 }
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: return 0
        }
        guard i + length <= end else { return 0 }
        let b1 = bytes[i + 1]
        guard b1 >= lower, b1 <= upper else { return 0 }
        var k = 2
        while k < length {
            guard bytes[i + k] & 0xC0 == 0x80 else { return 0 }
            k += 1
        }
        return length
    }
}
