/// A UUID made from a name, the same every time (version 8, RFC 9562): what
/// `htl export --format csv` gives an entity that has no UUID from the app.
enum StableUUID {
    static func make(_ name: String) -> String {
        make(bytes: name.utf8.span)
    }

    /// The UUID of a name's UTF-8 bytes.
    private static func make(bytes name: Span<UInt8>) -> String {
        var high = fnv(name, seed: 0xcbf2_9ce4_8422_2325)
        var low = fnv(name, seed: 0x8422_2325_cbf2_9ce4 ^ high)
        high = (high & ~0xF000) | 0x8000  // version 8
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // variant 10
        // 8-4-4-4-12 upper-case hex digits, written in place.
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for i in 0..<32 {
            if i == 8 || i == 12 || i == 16 || i == 20 { out.append(UInt8(ascii: "-")) }
            let value = i < 16 ? high : low
            out.append(digits[Int(truncatingIfNeeded: value >> UInt64(60 - 4 * (i % 16))) & 0xF])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let digits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// FNV-1a, 64 bits.
    static func fnv(_ bytes: Span<UInt8>, seed: UInt64) -> UInt64 {
        var hash = seed
        for i in bytes.indices {
            hash ^= UInt64(bytes[i])
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
