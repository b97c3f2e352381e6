import HTLCore

/// Lines logged twice (`duplicate-action`), found on every core.
///
/// Two lines with the same canonical form have the same hash, so the
/// hashes are cut into a few partitions and each partition is searched on
/// its own, in line order, with a table of its own: which earlier line a
/// line repeats is the same as in one search over the whole file.
enum RepeatSearch {
    /// An action line to look for among the others, 24 bytes (a million of
    /// them are held until the search ends): where it starts (it runs to its
    /// line break), its number and the hash of its canonical form.
    struct ActionLine {
        var hash: UInt64
        var start: Int
        private var storedLine: Int32

        init(line: Int, start: Int, hash: UInt64) {
            self.hash = hash
            self.start = start
            storedLine = Int32(clamping: line)
        }

        var line: Int { Int(storedLine) }
    }

    /// Partitions, a few more than most machines' cores (each scans every
    /// line's hash to find its own, which costs next to nothing).
    static let partitions = 4

    /// For each list of `lists` (the pieces, in line order), the lines that
    /// repeat an earlier one: their position in the list and the earlier
    /// line's number. `seeds` are lines before the lists (kept from an
    /// earlier parse), which can be repeated but are not reported.
    static func repeats(_ lists: [[ActionLine]], seeds: [ActionLine], _ buffer: UnsafeBufferPointer<UInt8>) -> [[(position: Int, earlier: Int)]] {
        let total = seeds.count + lists.reduce(0) { $0 + $1.count }
        let found = Parallel.map(partitions) { p in
            var table = RepeatedLines(capacity: total / partitions + 1)
            var mine: [(list: Int, position: Int, earlier: Int)] = []
            for seed in seeds where partition(seed.hash) == p {
                _ = table.earlier(buffer, start: seed.start, line: seed.line, hash: seed.hash)
            }
            for (k, list) in lists.enumerated() {
                for (n, entry) in list.enumerated() where partition(entry.hash) == p {
                    if let earlier = table.earlier(buffer, start: entry.start, line: entry.line, hash: entry.hash) {
                        mine.append((k, n, earlier))
                    }
                }
            }
            return mine
        }
        var byList = [[(position: Int, earlier: Int)]](repeating: [], count: lists.count)
        for repeats in found {
            for r in repeats { byList[r.list].append((r.position, r.earlier)) }
        }
        return byList.map { $0.sorted { $0.position < $1.position } }
    }

    /// Bits of the hash above those a table's slot is chosen by (a table
    /// of up to 2^28 slots), so no partition's table loses spread.
    private static func partition(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash >> 28) & 0xF) % partitions
    }
}
