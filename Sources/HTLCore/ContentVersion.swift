/// A short name for a file's exact bytes (FNV-1a, 64 bits, and the length):
/// a form carries the version of the file it was drawn from, and a write
/// is refused when the file on disk no longer has it (an editor saved it
/// meanwhile), so neither text is lost.
public enum ContentVersion {
    public static func of(_ bytes: [UInt8]) -> String {
        var hash = FNV64()
        hash.add(bytes)
        return String(hash.value, radix: 16) + "-" + String(bytes.count)
    }
}

/// FNV-1a, 64 bits: the same bytes give the same number on every run and machine.
public struct FNV64: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ bytes: [UInt8]) {
        for b in bytes { add(byte: b) }
    }

    public mutating func add(_ n: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { add(byte: UInt8(truncatingIfNeeded: n >> UInt64(shift))) }
    }

    private mutating func add(byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01b3
    }
}
