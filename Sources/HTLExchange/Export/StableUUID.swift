/// A UUID made from a name, the same every time (version 8, RFC 9562): what
/// `htl export --format csv` gives an entity that has no UUID from the app.
enum StableUUID {
    static func make(_ name: String) -> String {
        var high = fnv(name, seed: 0xcbf2_9ce4_8422_2325)
        var low = fnv(name, seed: 0x8422_2325_cbf2_9ce4 ^ high)
        high = (high & ~0xF000) | 0x8000                              // version 8
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // variant 10
        // 8-4-4-4-12 upper-case hex digits, written as bytes.
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (i, nibble) in (nibbles(high) + nibbles(low)).enumerated() {
            if i == 8 || i == 12 || i == 16 || i == 20 { out.append(UInt8(ascii: "-")) }
            out.append(digits[Int(nibble)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let digits = Array("0123456789ABCDEF".utf8)

    /// The 16 hex digits of a value, most significant first.
    static func nibbles(_ value: UInt64) -> [UInt8] {
        (0..<16).map { UInt8(truncatingIfNeeded: value >> (60 - 4 * UInt64($0))) & 0xF }
    }

    /// FNV-1a, 64 bits.
    static func fnv(_ text: String, seed: UInt64) -> UInt64 {
        var hash = seed
        for b in text.utf8 {
            hash ^= UInt64(b)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
