import Glibc
import HTLCore

/// The Strings of one piece of a log's long goal ids or tags: a name
/// longer than a String holds in place (15 bytes of UTF-8) is made into a
/// String once and shared by the actions that name it again, instead of
/// one allocation (and one more block of memory to free) per link or tag.
/// Real ids are mostly that long (`learn-spanish-a2`); shorter names are
/// made each time, which allocates nothing.
///
/// Keyed by the name's bytes as written; `make` decides what they become
/// (a tag's String is lowercased). The cache holds at most `capacity`
/// names, its table made on the first long name: a log of ever new names
/// costs a look-up more per name than without it, never more memory than
/// the table. Slots are found by `IdentifierTable`'s hash of the bytes
/// (from a start chosen at random per process, every bit mixed into the
/// low ones): a log cannot be written so that its names share a run of
/// slots and every look-up walks them all.
struct NameCache {
    /// The most bytes a String holds without an allocation of its own.
    static let inPlace = 15
    static let capacity = 2048

    private struct Entry {
        var hash: UInt32
        var start: UInt32
        var count: UInt32
        var string: String
    }

    /// Positions in `entries` by hash, -1 for none: twice the capacity, so a probe ends soon.
    private var slots: [Int32] = []
    private var entries: [Entry] = []

    /// The String for bytes `range` of `buffer` (the log's bytes, which
    /// outlive the cache; always the same buffer: entries are positions
    /// in it), made by `make` when it is not kept. (Inlined, so
    /// that a short name is made where it is read, as without the cache.)
    @inline(__always)
    mutating func string(
        _ buffer: [UInt8], _ range: Range<Int>,
        make: (Span<UInt8>) -> String
    ) -> String {
        guard range.count > NameCache.inPlace, range.upperBound <= Int(UInt32.max) else {
            return make(buffer.span.extracting(range))
        }
        return kept(buffer, range, make: make)
    }

    /// A long name's String, from the cache or made and kept.
    private mutating func kept(
        _ file: [UInt8], _ range: Range<Int>,
        make: (Span<UInt8>) -> String
    ) -> String {
        let buffer = file.span
        let bytes = buffer.extracting(range)
        if slots.isEmpty { slots = [Int32](repeating: -1, count: 2 * NameCache.capacity) }
        let hash = IdentifierTable.hash(bytes: bytes)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let k = Int(slots[slot])
            let start = Int(entries[k].start)
            if entries[k].hash == hash, Int(entries[k].count) == bytes.count,
                buffer.extracting(start..<start + bytes.count).elementsEqual(bytes)
            {
                return entries[k].string
            }
            slot = (slot + 1) & mask
        }
        let string = make(bytes)
        if entries.count < NameCache.capacity {
            slots[slot] = Int32(entries.count)
            entries.append(
                Entry(hash: hash, start: UInt32(range.lowerBound), count: UInt32(bytes.count), string: string))
        }
        return string
    }
}
