/// Eight bytes at a time (SWAR): a word of the input is tested for several
/// byte values at once, and only a word that holds one is looked at byte by
/// byte. Masks have the high bit set in each byte that matches.
///
/// Public, not `package`: Swift (6.3) does not inline a `package`
/// `@inlinable` function into another module, and these are called per
/// word from the parsers of other modules.
public enum ByteWords {
    // Computed, not stored: a stored `static let` is read through a lazy
    // initializer, which keeps the compiler from folding the masks.
    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable static var low7: UInt64 { 0x7F7F_7F7F_7F7F_7F7F }
    @inlinable static var high: UInt64 { 0x8080_8080_8080_8080 }

    /// The bytes of `word` that are zero (exact: no false matches from carries).
    @inlinable @inline(__always)
    public static func zeros(_ word: UInt64) -> UInt64 {
        ~(((word & low7) &+ low7) | word | low7)
    }

    /// The bytes of `word` equal to `byte`.
    @inlinable @inline(__always)
    public static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        zeros(word ^ (ones &* UInt64(byte)))
    }

    /// The bytes of `word` below 0x20 (control characters, tab included).
    @inlinable @inline(__always)
    public static func controls(_ word: UInt64) -> UInt64 {
        zeros(word & (ones &* 0xE0))
    }

    /// The bytes of `word` at or above 0x80.
    @inlinable @inline(__always)
    public static func nonASCII(_ word: UInt64) -> UInt64 {
        word & high
    }

    /// Nonzero when some byte of `word` is below `n` (at most 0x80): the
    /// high bit of the lowest such byte is set; bits above it may be set
    /// falsely (a borrow), so the answer is "whether any", not "which".
    @inlinable @inline(__always)
    public static func anyBelow(_ word: UInt64, _ n: UInt8) -> UInt64 {
        (word &- ones &* UInt64(n)) & ~word & high
    }

    /// Nonzero when some byte of `word` is above `n` (below 0x80): the same
    /// "whether any" answer.
    @inlinable @inline(__always)
    public static func anyAbove(_ word: UInt64, _ n: UInt8) -> UInt64 {
        ((word &+ ones &* UInt64(127 - n)) | word) & high
    }

    /// Up to eight bytes as one number, the first lowest: a short word
    /// (a YAML special word, a ledger folder's name) compared in one step.
    @inlinable
    public static func packed<C: BidirectionalCollection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Whether every byte of `bytes[range]` is printable ASCII (0x20-0x7E).
    @inlinable
    public static func isPrintableASCII(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            let word = RawBytes.word(bytes, i)
            if anyBelow(word, 0x20) | anyAbove(word, 0x7E) != 0 { return false }
            i += 8
        }
        while i < range.upperBound {
            if bytes[i] < 0x20 || bytes[i] > 0x7E { return false }
            i += 1
        }
        return true
    }

    /// The first index of `byte` in `bytes[from..<end]`, or `end`.
    @inlinable
    public static func firstIndex(of byte: UInt8, in bytes: Span<UInt8>, from: Int, end: Int) -> Int {
        var i = from
        while i + 8 <= end {
            let match = equal(RawBytes.word(bytes, i), byte)
            if match != 0 { return i + match.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < end, bytes[i] != byte { i += 1 }
        return i
    }
}
