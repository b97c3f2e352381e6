/// Identifiers (goal ids, tags) numbered 0, 1, 2… in the order first
/// added, found again by a hash of their UTF-8 bytes.
///
/// Asked once per link and per tag of every action: a `Dictionary<String, _>`
/// hashes each key with SipHash and costs about 300 instructions a look-up;
/// identifiers are short, so a multiplicative hash of their bytes and a
/// compare of the String (two words for a short one) cost a few dozen.
/// The table is open addressing over positions, never more than half full.
/// A slot holds a name's hash beside its number, so a probe reads one slot
/// and, only when the hashes agree, the name: with 10,000 goal ids the
/// table is larger than the processor's nearest caches, and reading the
/// hash from a list of its own was one more wait on memory per look-up.
public struct IdentifierTable: Sendable {
    /// The identifiers, by number.
    public private(set) var names: [String] = []
    /// Per slot: the name's hash in the high 32 bits, its number + 1 in the
    /// low ones (0: empty). A power of two in count.
    private var slots: [UInt64]

    public init(capacity: Int = 8) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [UInt64](repeating: 0, count: size)
    }

    public init<S: Sequence>(_ names: S) where S.Element == String {
        self.init(capacity: names.underestimatedCount)
        for name in names { _ = insert(name) }
    }

    public var count: Int { names.count }

    /// The number of `name`, if it was added.
    public func number(of name: String) -> Int? {
        let hash = IdentifierTable.hash(name)
        let slot = find(name, hash)
        return slots[slot] == 0 ? nil : IdentifierTable.number(slots[slot])
    }

    /// The number of `name`, added now if it is new.
    public mutating func insert(_ name: String) -> Int {
        let hash = IdentifierTable.hash(name)
        let slot = find(name, hash)
        if slots[slot] != 0 { return IdentifierTable.number(slots[slot]) }
        names.append(name)
        slots[slot] = UInt64(hash) << 32 | UInt64(names.count)
        if names.count * 2 > slots.count { grow() }
        return names.count - 1
    }

    private static func number(_ slot: UInt64) -> Int {
        Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
    }

    /// The slot holding `name`, or the empty slot where it belongs.
    private func find(_ name: String, _ hash: UInt32) -> Int {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            if UInt32(truncatingIfNeeded: slots[slot] >> 32) == hash, names[IdentifierTable.number(slots[slot])] == name
            {
                return slot
            }
            slot = (slot + 1) & mask
        }
        return slot
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for entry in old where entry != 0 {
            var slot = Int(entry >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// `WordHash` of the UTF-8 bytes from a start chosen at random per
    /// process, then mixed so every bit reaches the low ones the mask keeps.
    /// The random start keeps a ledger from being written to collide (tags
    /// that all probe one run of slots would make every look-up linear);
    /// numbers are given in the order names are added, so nothing a user
    /// sees depends on it. (Read from the String's contiguous bytes in place:
    /// walking `utf8` costs tens of instructions a byte, and a copy to call
    /// `withUTF8` on was a retain and a release.)
    static func hash(_ name: String) -> UInt32 {
        hash(bytes: name.utf8.span)
    }

    /// The same hash of a name's bytes (the log parser's `NameCache`).
    package static func hash(bytes: Span<UInt8>) -> UInt32 {
        var h = WordHash.hash(bytes, seed: seed)
        h = (h ^ (h >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        return UInt32(truncatingIfNeeded: h ^ (h >> 33))
    }

    static let seed = UInt64.random(in: .min ... .max)
}
