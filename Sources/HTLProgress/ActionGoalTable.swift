import HTLCore

/// Which goals each action counts toward: action i's goals (positions in
/// `ProgressReport.goals`) are `goals[starts[i] ..< starts[i + 1]]`, by id.
///
/// Built on every core, each core for a slice of the log: it reads the
/// part of every goal's (ascending) action lists that falls in its slice,
/// so the cores write disjoint parts of both arrays. (Built on one core, a
/// million actions' table kept the other core waiting a quarter of a second.)
package struct ActionGoalTable: Sendable {
    var starts: [Int32]
    var goals: [Int32]

    init(_ progress: [GoalProgress], actionCount: Int) {
        let lists = progress.map { [$0.actionIndices, $0.upcomingActionIndices] }
        let slices = Parallel.slices(actionCount)
        var starts = [Int32](repeating: 0, count: actionCount + 1)
        // Each action's number of goals, summed within its slice; then each slice's first entry added.
        starts.withUnsafeMutableBufferPointer { starts in
            let totals = Parallel.map(slices.count) { s in
                Self.forEachEntry(lists, in: slices[s]) { action, _ in starts[action + 1] += 1 }
                var sum: Int32 = 0
                for i in slices[s] {
                    sum += starts[i + 1]
                    starts[i + 1] = sum
                }
                return sum
            }
            let firsts = totals.reduce(into: [Int32(0)]) { $0.append($0.last! + $1) }
            _ = Parallel.map(slices.count) { s in
                for i in slices[s] { starts[i + 1] += firsts[s] }
            }
        }
        let rank = Self.idRanks(progress)
        goals = [Int32](unsafeUninitializedCapacity: Int(starts[actionCount])) { table, count in
            _ = Parallel.map(slices.count) { s in
                let slice = slices[s]
                var next = Array(starts[slice])
                Self.forEachEntry(lists, in: slice) { action, position in
                    (table.baseAddress! + Int(next[action - slice.lowerBound])).initialize(to: Int32(position))
                    next[action - slice.lowerBound] += 1
                }
                for a in slice { Self.sortByRank(table, Int(starts[a])..<Int(starts[a + 1]), rank) }
            }
            count = Int(starts[actionCount])
        }
        self.starts = starts
    }

    /// The table read in place: `body` gets each action's first entry
    /// (`starts[i] ..< starts[i + 1]` are action i's) and the entries, goal
    /// positions. (Export asks for a million actions: a lazy sequence per
    /// action was a closure context allocated per action.)
    public func withEntries<R>(_ body: (_ starts: UnsafeBufferPointer<Int32>, _ goals: UnsafeBufferPointer<Int32>) -> R) -> R {
        starts.withUnsafeBufferPointer { s in goals.withUnsafeBufferPointer { g in body(s, g) } }
    }

    /// `body(action, goal position)` for each action of `slice` in each
    /// goal's lists, goals in position order (binary search finds where a
    /// list enters the slice).
    private static func forEachEntry(_ lists: [[ActionPositions]], in slice: Range<Int>, _ body: (Int, Int) -> Void) {
        for (position, goalLists) in lists.enumerated() {
            for list in goalLists {
                var k = firstIndex(in: list, atLeast: slice.lowerBound)
                while k < list.count, list[k] < slice.upperBound {
                    body(list[k], position)
                    k += 1
                }
            }
        }
    }

    /// The first position of `list` (ascending) holding `value` or more.
    private static func firstIndex(in list: ActionPositions, atLeast value: Int) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Each goal's place in id order, found once: an action's goals are
    /// then sorted by comparing integers, not ids.
    private static func idRanks(_ progress: [GoalProgress]) -> [Int32] {
        var rank = [Int32](repeating: 0, count: progress.count)
        let byID = progress.indices.sorted { ByteOrder.precedes(progress[$0].id, progress[$1].id) }
        for (place, g) in byID.enumerated() { rank[g] = Int32(place) }
        return rank
    }

    /// One action's entries sorted by id rank.
    private static func sortByRank(_ table: UnsafeMutableBufferPointer<Int32>, _ range: Range<Int>, _ rank: [Int32]) {
        guard range.count > 1 else { return }
        guard range.count <= 16 else {
            var entries = UnsafeMutableBufferPointer(rebasing: table[range])
            entries.sort { rank[Int($0)] < rank[Int($1)] }
            return
        }
        // A few goals (nearly always): sorted in place, by insertion.
        for k in (range.lowerBound + 1)..<range.upperBound {
            let goal = table[k]
            var j = k
            while j > range.lowerBound, rank[Int(table[j - 1])] > rank[Int(goal)] {
                table[j] = table[j - 1]
                j -= 1
            }
            table[j] = goal
        }
    }
}
