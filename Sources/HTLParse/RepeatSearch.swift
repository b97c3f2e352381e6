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
    /// An action line to look for among the others, 24 bytes (a million of
    /// them are held until the search ends): where it starts (it runs to its
    /// line break), its number and the hash of its canonical form.
    struct ActionLine {
        var hash: UInt64
        var start: Int
        private var storedLine: Int32
        /// Its position among the seeds and the lists, one after the other.
        fileprivate var order: Int32 = 0

        init(line: Int, start: Int, hash: UInt64) {
            self.hash = hash
            self.start = start
            storedLine = Int32(clamping: line)
        }

        var line: Int { Int(storedLine) }
    }

    /// About this many lines per bucket.
    static let linesPerBucket = 2048

    /// For each list of `lists` (the pieces, in line order), the lines that
    /// repeat an earlier one: their position in the list and the earlier
    /// line's number. `seeds` are lines before the lists (kept from an
    /// earlier parse), which can be repeated but are not reported.
    static func repeats(_ lists: [[ActionLine]], seeds: [ActionLine], _ buffer: UnsafeBufferPointer<UInt8>,
                        linesPerBucket: Int = linesPerBucket) -> [[(position: Int, earlier: Int)]] {
        let buckets = dealt([seeds] + lists, linesPerBucket: linesPerBucket)
        let slices = Parallel.slices(buckets.starts.count - 1)
        // Each bucket's repeats, as (order, earlier line), in order.
        let found = Parallel.map(slices.count) { s in
            var mine: [(order: Int32, earlier: Int)] = []
            var table = RepeatedLines()
            for b in slices[s] {
                let bucket = buckets.lines[Int(buckets.starts[b])..<Int(buckets.starts[b + 1])]
                guard bucket.count > 1 else { continue }
                table.removeAll(keepingCapacityFor: bucket.count)
                for entry in bucket {
                    if let earlier = table.earlier(buffer, start: entry.start, line: entry.line, hash: entry.hash), entry.order >= seeds.count {
                        mine.append((entry.order, earlier))
                    }
                }
            }
            return mine
        }
        // Back to each list, in order of position.
        var firstOrder = [seeds.count]
        for list in lists { firstOrder.append(firstOrder.last! + list.count) }
        var byList = [[(position: Int, earlier: Int)]](repeating: [], count: lists.count)
        var list = 0
        for repeated in found.joined().sorted(by: { $0.order < $1.order }) {
            while Int(repeated.order) >= firstOrder[list + 1] { list += 1 }
            byList[list].append((Int(repeated.order) - firstOrder[list], repeated.earlier))
        }
        return byList
    }

    /// The lines dealt into buckets by the top bits of their hashes, each
    /// bucket in line order, with where each bucket starts (and, last, where
    /// the last one ends). Every list is counted and then placed on its own
    /// core: a list's lines of a bucket go after the earlier lists' lines of
    /// it, so the order is that of one pass (a million lines dealt on one
    /// core kept the other waiting, while their room was first written).
    private static func dealt(_ lists: [[ActionLine]], linesPerBucket: Int) -> (lines: [ActionLine], starts: [Int32]) {
        let total = lists.reduce(0) { $0 + $1.count }
        var bits = 0
        while bits < 16, total >> bits > max(linesPerBucket, 1) { bits += 1 }
        let shift = UInt64(64 - bits)
        let bucketCount = 1 << bits
        func bucket(_ hash: UInt64) -> Int { bits == 0 ? 0 : Int(truncatingIfNeeded: hash >> shift) }
        let counts = Parallel.map(lists.count) { k in
            var count = [Int32](repeating: 0, count: bucketCount)
            for line in lists[k] { count[bucket(line.hash)] += 1 }
            return count
        }
        // Where each list's first line of each bucket goes, and each list's first order.
        var starts = [Int32](repeating: 0, count: bucketCount + 1)
        var firstSlots = [[Int32]](repeating: [Int32](repeating: 0, count: bucketCount), count: lists.count)
        var slot: Int32 = 0
        for b in 0..<bucketCount {
            starts[b] = slot
            for k in lists.indices {
                firstSlots[k][b] = slot
                slot += counts[k][b]
            }
        }
        starts[bucketCount] = slot
        let firstOrders = lists.reduce(into: [Int32(0)]) { $0.append($0.last! + Int32($1.count)) }
        let lines = [ActionLine](unsafeUninitializedCapacity: total) { storage, count in
            let base = storage.baseAddress
            _ = Parallel.map(lists.count) { k in
                var next = firstSlots[k]
                var order = firstOrders[k]
                for var line in lists[k] {
                    line.order = order
                    order += 1
                    let b = bucket(line.hash)
                    (base! + Int(next[b])).initialize(to: line)
                    next[b] += 1
                }
            }
            count = total
        }
        return (lines, starts)
    }
}
