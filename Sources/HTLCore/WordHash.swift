/// A hash of bytes eight at a time: each word multiplied in, the last few
/// bytes zero-padded, the count mixed into the start so that padding cannot
/// make two texts meet. Log lines are hashed from a start of 0
/// (`CanonicalLogLine`, `LineSurvey`: a repeated line is found by its hash);
/// identifiers from a start chosen at random per process (`IdentifierTable`).
enum WordHash {
    private static var multiplier: UInt64 { 0x9E37_79B9_7F4A_7C15 }

    /// The hash of `bytes` from `seed`.
    static func hash(_ bytes: Span<UInt8>, seed: UInt64 = 0) -> UInt64 {
        var h = start(count: bytes.count, seed: seed)
        var i = 0
        while i &+ 8 <= bytes.count {
            h = step(h, RawBytes.word(bytes, i))
            i &+= 8
        }
        return end(h, tail: tail(bytes, i, count: bytes.count &- i))
    }

    // The steps of `hash`, for a pass that reads the words for more than the hash (`LineSurvey`).

    @inline(__always)
    static func start(count: Int, seed: UInt64 = 0) -> UInt64 { 0xCBF2_9CE4_8422_2325 ^ seed ^ UInt64(count) }

    @inline(__always)
    static func step(_ h: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (h ^ word) &* multiplier
        return mixed ^ (mixed >> 31)
    }

    /// The last word, zero-padded (zero when the length is a multiple of eight).
    @inline(__always)
    static func end(_ h: UInt64, tail: UInt64) -> UInt64 {
        let mixed = (h ^ tail) &* multiplier
        return mixed ^ (mixed >> 29)
    }

    /// The `count` (0 to 7) bytes at `offset` as one zero-padded word, the
    /// first in the lowest byte as `RawBytes.word` reads them.
    @inline(__always)
    static func tail(_ bytes: Span<UInt8>, _ offset: Int, count: Int) -> UInt64 {
        var word: UInt64 = 0
        var k = 0
        while k < count {
            word |= UInt64(bytes[offset &+ k]) &<< (UInt64(k) &* 8)
            k &+= 1
        }
        return word
    }
}
