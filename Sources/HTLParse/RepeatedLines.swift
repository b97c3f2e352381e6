import HTLCore
import HTLModel

/// Action lines seen so far in one file, by their canonical form, to find
/// one logged twice (`duplicate-action`).
struct RepeatedLines {
    /// Hash of a canonical line → the latest entry with that hash; entries
    /// chain to earlier ones with the same hash (no array per line).
    private var latest: [UInt64: Int32] = [:]
    private var entries: [(line: Int, range: Range<Int>, previous: Int32)] = []

    /// The number of an earlier line with the same canonical text, if any.
    mutating func earlier(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int) -> Int? {
        let key = CanonicalLogLine.hash(buffer, range)
        var candidate = latest[key] ?? -1
        // Canonical forms are built only for lines whose hashes meet (repeats, rare collisions).
        let canonical = candidate >= 0 ? CanonicalLogLine.of(buffer, range) : []
        while candidate >= 0 {
            let entry = entries[Int(candidate)]
            if CanonicalLogLine.of(buffer, entry.range) == canonical { return entry.line }
            candidate = entry.previous
        }
        entries.append((line, range, latest[key] ?? -1))
        latest[key] = Int32(entries.count - 1)
        return nil
    }
}
