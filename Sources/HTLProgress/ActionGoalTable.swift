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
        // Each action's number of goals, summed within its slice (slice s writes starts[s + 1 ...]);
        // then each slice's first entry added.
        let totals = Parallel.map(slices.count) { s in
            var sum: Int32 = 0
            var counts = [Int32](repeating: 0, count: slices[s].count)
            Self.forEachEntry(lists, in: slices[s]) { action, _ in counts[action - slices[s].lowerBound] += 1 }
            for k in counts.indices {
                sum += counts[k]
                counts[k] = sum
            }
            return (sum: sum, counts: counts)
        }
        var first: Int32 = 0
        for (s, total) in totals.enumerated() {
            for k in total.counts.indices { starts[slices[s].lowerBound + 1 + k] = first + total.counts[k] }
            first += total.sum
        }
        let rank = Self.idRanks(progress)
        let ends = starts
        var goals = [Int32](repeating: 0, count: Int(starts[actionCount]))
        // Slice s writes the entries of its actions: one stretch of the table.
        Parallel.write(into: &goals, ranges: slices.map { Int(ends[$0.lowerBound])..<Int(ends[$0.upperBound]) }) {
            s, table in
            let slice = slices[s]
            let base = Int(ends[slice.lowerBound])
            var next = ends[slice].map { Int($0) - base }
            Self.forEachEntry(lists, in: slice) { action, position in
                table[next[action - slice.lowerBound]] = Int32(position)
                next[action - slice.lowerBound] += 1
            }
            for a in slice { Self.sortByRank(&table, (Int(ends[a]) - base)..<(Int(ends[a + 1]) - base), rank) }
        }
        self.starts = starts
        self.goals = goals
    }

    /// The goals action `i` counts toward, by position.
    public func goals(of i: Int) -> ArraySlice<Int32> {
        goals[Int(starts[i])..<Int(starts[i + 1])]
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
    private static func sortByRank(_ table: inout MutableSpan<Int32>, _ range: Range<Int>, _ rank: [Int32]) {
        guard range.count > 1 else { return }
        guard range.count <= 16 else {
            let sorted = range.map { table[$0] }.sorted { rank[Int($0)] < rank[Int($1)] }
            for (k, goal) in zip(range, sorted) { table[k] = goal }
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
