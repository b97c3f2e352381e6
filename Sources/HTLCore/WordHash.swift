/// A hash of bytes eight at a time: each word multiplied in, the last few
/// bytes zero-padded, the count mixed into the start so that padding cannot
/// make two texts meet. Log lines are hashed from a start of 0
/// (`CanonicalLogLine`, `LineSurvey`: a repeated line is found by its hash);
/// identifiers from a start chosen at random per process (`IdentifierTable`).
enum WordHash {
    private static var multiplier: UInt64 { 0x9E37_79B9_7F4A_7C15 }

    /// The hash of `bytes` from `seed`.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64 = 0) -> UInt64 {
        var h = start(count: bytes.count, seed: seed)
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return end(h, tail: 0) }
        var i = 0
        while i &+ 8 <= bytes.count {
            h = step(h, ByteWords.load(base, i))
            i &+= 8
        }
        return end(h, tail: tail(base, i, count: bytes.count &- i))
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
    /// first in the lowest byte as `ByteWords.load` reads them: read as four,
    /// two and one (byte by byte, the tail of a short name was most of its hash).
    @inline(__always)
    static func tail(_ base: UnsafeRawPointer, _ offset: Int, count: Int) -> UInt64 {
        var word: UInt64 = 0
        var i = offset
        var shift: UInt64 = 0
        if count >= 4 {
            word = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt32.self)))
            i &+= 4
            shift = 32
        }
        if offset &+ count &- i >= 2 {
            word |= UInt64(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt16.self))) &<< shift
            i &+= 2
            shift &+= 16
        }
        if i < offset &+ count { word |= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) &<< shift }
        return word
    }
}
