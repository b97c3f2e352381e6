import HTLCore
import HTLModel

/// Action lines seen so far in one file, by their canonical form, to find
/// one logged twice (`duplicate-action`).
///
/// A hash table of its own: the keys are already 64-bit hashes of the
/// canonical lines, so they are not hashed again; a slot holds the latest
/// entry with its hash, and entries chain to earlier ones with the same hash.
struct RepeatedLines {
    private struct Entry {
        var hash: UInt64
        var start: Int
        var line: Int
        var count: Int32
        /// The earlier entry with the same hash, or -1.
        var previous: Int32
    }

    private var entries: [Entry] = []
    /// Entry position + 1 per slot (0: empty); the count is a power of two.
    private var slots: [Int32]

    init(capacity: Int = 0) {
        entries.reserveCapacity(capacity)
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
    }

    /// The number of an earlier line with the same canonical text, if any
    /// (`hash` is `CanonicalLogLine.hash` of the line).
    mutating func earlier(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int, hash key: UInt64) -> Int? {
        let slot = find(key)
        var candidate = slots[slot] - 1
        // Canonical forms are built only for lines whose hashes meet (repeats, rare collisions).
        if candidate >= 0 {
            let canonical = CanonicalLogLine.of(buffer, range)
            while candidate >= 0 {
                let entry = entries[Int(candidate)]
                if CanonicalLogLine.of(buffer, entry.start..<(entry.start + Int(entry.count))) == canonical { return entry.line }
                candidate = entry.previous
            }
        }
        entries.append(Entry(hash: key, start: range.lowerBound, line: line, count: Int32(clamping: range.count),
                             previous: slots[slot] - 1))
        slots[slot] = Int32(entries.count)
        if entries.count * 2 > slots.count { grow() }
        return nil
    }

    /// The slot holding `key`, or the empty slot where it belongs (linear probing).
    private func find(_ key: UInt64) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: key) & mask
        while slots[slot] != 0, entries[Int(slots[slot]) - 1].hash != key {
            slot = (slot + 1) & mask
        }
        return slot
    }

    /// Twice the slots, every hash placed again (its latest entry).
    private mutating func grow() {
        let old = slots
        slots = [Int32](repeating: 0, count: old.count * 2)
        for position in old where position != 0 {
            slots[find(entries[Int(position) - 1].hash)] = position
        }
    }
}
