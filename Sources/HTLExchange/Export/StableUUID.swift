/// A UUID made from a name, the same every time (version 8, RFC 9562): what
/// `htl export --format csv` gives an entity that has no UUID from the app.
enum StableUUID {
    static func make(_ name: String) -> String {
        var high = fnv(name, seed: 0xcbf2_9ce4_8422_2325)
        var low = fnv(name, seed: 0x8422_2325_cbf2_9ce4 ^ high)
        high = (high & ~0xF000) | 0x8000                  // version 8
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // variant 10
        let hex = digits(high, 16) + digits(low, 16)
        let chars = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(chars[$0]) }.joined(separator: "-")
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

    static func digits(_ value: UInt64, _ count: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: count - text.count) + text
    }
}
