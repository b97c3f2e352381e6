import HTLCore

/// Lines logged twice (`duplicate-action`), found on every core.
///
/// Two lines with the same canonical form have the same hash, so the
/// lines are first dealt into buckets by the top bits of their hashes (in
/// line order, one pass), and each bucket is searched on its own with a
/// small table (`RepeatedLines`): which earlier line a line repeats is the
/// same as in one search over the whole file. A bucket holds a few thousand
/// lines, so its table stays in the processor's cache; one table for a
/// million lines waited on memory at nearly every line.
enum RepeatSearch {
    /// An action line to look for among the others, 16 bytes (a million of
    /// them are held until the search ends): the hash of its canonical
    /// form, where it starts (it runs to its line break) and its number.
    /// Positions in 32 bits: htl reads no file over 1 GiB, and a language
    /// server's document is smaller still.
    struct ActionLine: Sendable {
        var hash: UInt64
        private var storedStart: UInt32
        private var storedLine: Int32

        init(line: Int, start: Int, hash: UInt64) {
            self.hash = hash
            storedStart = UInt32(truncatingIfNeeded: start)
            storedLine = Int32(clamping: line)
        }

        var start: Int { Int(storedStart) }
        var line: Int { Int(storedLine) }
    }

    /// A line dealt into its bucket, 16 bytes: its hash, start, and its
    /// position among the seeds and the lists, one after the other (its
    /// number is looked up from that only for a line another repeats).
    private struct DealtLine: Sendable, BitwiseCopyable {
        var hash: UInt64
        var start: UInt32
        var order: Int32
    }

    /// About this many lines per bucket.
    static let linesPerBucket = 2048

    /// For each list of `lists` (the pieces, in line order), the lines that
    /// repeat an earlier one: their position in the list and the earlier
    /// line's number. `seeds` are lines before the lists (kept from an
    /// earlier parse), which can be repeated but are not reported.
    static func repeats(
        _ lists: [[ActionLine]], seeds: [ActionLine], _ buffer: [UInt8],
        linesPerBucket: Int = linesPerBucket
    ) -> [[(position: Int, earlier: Int)]] {
        // Starts are kept in 32 bits: a text past 4 GiB (none is read) is not searched.
        guard buffer.count <= Int(UInt32.max) else { return lists.map { _ in [] } }
        let all = [seeds] + lists
        let buckets = dealt(all, linesPerBucket: linesPerBucket)
        let slices = Parallel.slices(buckets.starts.count - 1)
        // Each bucket's repeats, as (order, earlier order), in order.
        let found = Parallel.map(slices.count) { s in
            var mine: [(order: Int32, earlier: Int)] = []
            var table = RepeatedLines()
            for b in slices[s] {
                let bucket = buckets.lines[Int(buckets.starts[b])..<Int(buckets.starts[b + 1])]
                guard bucket.count > 1 else { continue }
                table.removeAll(keepingCapacityFor: bucket.count)
                for entry in bucket {
                    if let earlier = table.earlier(
                        buffer.span, start: Int(entry.start), id: Int(entry.order), hash: entry.hash),
                        entry.order >= seeds.count
                    {
                        mine.append((entry.order, earlier))
                    }
                }
            }
            return mine
        }
        // Back to each list, in order of position, each earlier line by its number.
        let firstOrders = all.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        func line(_ order: Int) -> Int {
            var list = 0
            while order >= firstOrders[list + 1] { list += 1 }
            return all[list][order - firstOrders[list]].line
        }
        var byList = [[(position: Int, earlier: Int)]](repeating: [], count: lists.count)
        var list = 1
        for repeated in found.joined().sorted(by: { $0.order < $1.order }) {
            while Int(repeated.order) >= firstOrders[list + 1] { list += 1 }
            byList[list - 1].append((Int(repeated.order) - firstOrders[list], line(repeated.earlier)))
        }
        return byList
    }

    /// The lines dealt into buckets by the top bits of their hashes, each
    /// bucket in line order, with where each bucket starts (and, last, where
    /// the last one ends). Counted per list on every core, then placed by
    /// runs of buckets on every core: each run is one stretch of the array,
    /// and its job reads every list in order and keeps its buckets' lines,
    /// so the order is that of one pass.
    private static func dealt(_ lists: [[ActionLine]], linesPerBucket: Int) -> (lines: [DealtLine], starts: [Int32]) {
        let total = lists.reduce(0) { $0 + $1.count }
        var bits = 0
        while bits < 16, total >> bits > max(linesPerBucket, 1) { bits += 1 }
        let buckets = Buckets(bits: bits)
        let counts = Parallel.map(lists.count) { k in
            var count = [Int32](repeating: 0, count: buckets.count)
            for line in lists[k] { count[buckets.of(line.hash)] += 1 }
            return count
        }
        // Where each list's first line of each bucket goes, and each list's first order.
        var starts = [Int32](repeating: 0, count: buckets.count + 1)
        var slots = [[Int32]](repeating: [Int32](repeating: 0, count: buckets.count), count: lists.count)
        var slot: Int32 = 0
        for b in 0..<buckets.count {
            starts[b] = slot
            for k in lists.indices {
                slots[k][b] = slot
                slot += counts[k][b]
            }
        }
        starts[buckets.count] = slot
        let firstSlots = slots
        let firstOrders = lists.reduce(into: [Int32(0)]) { $0.append($0.last! + Int32($1.count)) }
        // One run per core: every run reads every list.
        let runs = Parallel.slices(buckets.count, pieces: Parallel.cores)
        let bucketStarts = starts
        var lines = [DealtLine](repeating: DealtLine(hash: 0, start: 0, order: 0), count: total)
        Parallel.write(
            into: &lines, ranges: runs.map { Int(bucketStarts[$0.lowerBound])..<Int(bucketStarts[$0.upperBound]) }
        ) { r, run in
            let first = Int(bucketStarts[runs[r].lowerBound])
            for k in lists.indices {
                var next = firstSlots[k]
                for (i, line) in lists[k].enumerated() {
                    let b = buckets.of(line.hash)
                    guard runs[r].contains(b) else { continue }
                    run[Int(next[b]) - first] = DealtLine(
                        hash: line.hash, start: UInt32(truncatingIfNeeded: line.start),
                        order: firstOrders[k] + Int32(i))
                    next[b] += 1
                }
            }
        }
        return (lines, starts)
    }

    /// Which of `count` buckets a hash falls in: its top `bits` bits.
    private struct Buckets: Sendable {
        let bits: Int
        var count: Int { 1 << bits }

        func of(_ hash: UInt64) -> Int {
            bits == 0 ? 0 : Int(truncatingIfNeeded: hash >> UInt64(64 - bits))
        }
    }
}
