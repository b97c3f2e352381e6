/// A UUID made from a name, the same every time (version 8, RFC 9562): what
/// `htl export --format csv` gives an entity that has no UUID from the app.
enum StableUUID {
    static func make(_ name: String) -> String {
        var name = name
        return name.withUTF8(make(bytes:))
    }

    /// The UUID of a name's UTF-8 bytes.
    private static func make(bytes name: UnsafeBufferPointer<UInt8>) -> String {
        var high = fnv(name, seed: 0xcbf2_9ce4_8422_2325)
        var low = fnv(name, seed: 0x8422_2325_cbf2_9ce4 ^ high)
        high = (high & ~0xF000) | 0x8000                              // version 8
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // variant 10
        // 8-4-4-4-12 upper-case hex digits, written in place.
        return String(unsafeUninitializedCapacity: 36) { out in
            var at = 0
            for i in 0..<32 {
                if i == 8 || i == 12 || i == 16 || i == 20 {
                    out[at] = UInt8(ascii: "-")
                    at += 1
                }
                let value = i < 16 ? high : low
                out[at] = digits[Int(truncatingIfNeeded: value >> UInt64(60 - 4 * (i % 16))) & 0xF]
                at += 1
            }
            return at
        }
    }

    static let digits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// FNV-1a, 64 bits.
    static func fnv(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        var hash = seed
        for b in bytes {
            hash ^= UInt64(b)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
