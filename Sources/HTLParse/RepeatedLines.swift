import HTLCore
import HTLModel

/// Action lines seen so far in one file, by their canonical form, to find
/// one logged twice (`duplicate-action`).
///
/// A hash table of its own: the keys are already 64-bit hashes of the
/// canonical lines, so they are not hashed again; a slot holds the latest
/// entry with its hash, and entries chain to earlier ones with the same hash.
/// A slot also keeps the top half of its hash, so looking past an occupied
/// slot (most lines are new) reads the slot alone, not its entry.
struct RepeatedLines {
    /// 24 bytes: a line's end is found again from its start when needed
    /// (only for a line whose hash meets another's), not kept.
    private struct Entry {
        var hash: UInt64
        var start: Int
        var id: Int32
        /// The earlier entry with the same hash, or -1.
        var previous: Int32
    }

    private var entries: [Entry] = []
    /// Per slot: the top 32 bits of its hash, then entry position + 1 in
    /// the low 32 bits (0: empty); the count is a power of two.
    private var slots: [UInt64]

    init(capacity: Int = 0) {
        entries.reserveCapacity(capacity)
        slots = [UInt64](repeating: 0, count: RepeatedLines.slotCount(capacity))
    }

    /// Empty again, with room for `capacity` lines without growing (one
    /// table searches bucket after bucket).
    mutating func removeAll(keepingCapacityFor capacity: Int) {
        entries.removeAll(keepingCapacity: true)
        entries.reserveCapacity(capacity)
        let size = RepeatedLines.slotCount(capacity)
        if slots.count == size {
            for i in slots.indices { slots[i] = 0 }
        } else {
            slots = [UInt64](repeating: 0, count: size)
        }
    }

    /// A power of two, at least twice the lines.
    private static func slotCount(_ capacity: Int) -> Int {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        return size
    }

    /// The `id` an earlier line with the same canonical text was given, if
    /// any (`id`: the line's number, or its place in a search; `hash`:
    /// `CanonicalLogLine.hash` of the line).
    /// The line starts at byte `start` and runs to its line break (a
    /// carriage return before it is trimmed in the canonical form).
    mutating func earlier(_ buffer: Span<UInt8>, start: Int, id: Int, hash key: UInt64) -> Int? {
        let slot = find(key)
        var candidate = RepeatedLines.entry(slots[slot])
        // Canonical forms are built only for lines whose hashes meet (repeats, rare collisions).
        if candidate >= 0 {
            let canonical = CanonicalLogLine.of(buffer, RepeatedLines.line(buffer, from: start))
            while candidate >= 0 {
                let entry = entries[Int(candidate)]
                if CanonicalLogLine.of(buffer, RepeatedLines.line(buffer, from: entry.start)) == canonical {
                    return Int(entry.id)
                }
                candidate = entry.previous
            }
        }
        entries.append(
            Entry(hash: key, start: start, id: Int32(clamping: id), previous: RepeatedLines.entry(slots[slot])))
        slots[slot] = key & 0xFFFF_FFFF_0000_0000 | UInt64(entries.count)
        if entries.count * 2 > slots.count { grow() }
        return nil
    }

    /// A line's bytes from `start` up to its line break (or the end).
    private static func line(_ buffer: Span<UInt8>, from start: Int) -> Range<Int> {
        start..<RawBytes.lineBreak(in: buffer, from: start, end: buffer.count)
    }

    /// The slot holding `key`, or the empty slot where it belongs (linear probing).
    private func find(_ key: UInt64) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: key) & mask
        while slots[slot] != 0,
            slots[slot] >> 32 != key >> 32 || entries[Int(RepeatedLines.entry(slots[slot]))].hash != key
        {
            slot = (slot + 1) & mask
        }
        return slot
    }

    /// The entry position a slot holds, or -1 for an empty slot.
    private static func entry(_ slot: UInt64) -> Int32 {
        Int32(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
    }

    /// Twice the slots, every hash placed again (its latest entry).
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        for slot in old where slot != 0 {
            slots[find(entries[Int(RepeatedLines.entry(slot))].hash)] = slot
        }
    }
}
