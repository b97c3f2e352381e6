import HTLCore
import HTLModel

/// The log indexed once by linked goal and by tag, so that counting is
/// linear in goals + actions (never a scan of the log per goal).
struct ActionIndex {
    /// Indices into `ledger.actions` of the actions linking each goal.
    private(set) var byLinkedGoal: [String: [Int]] = [:]
    /// Indices of the actions carrying each tag, sorted by date.
    private(set) var byTag: [String: [Int]] = [:]
    /// Every action's quantities, flattened: action i's are at
    /// `quantityStart[i] ..< quantityStart[i + 1]` (no struct copies when summing).
    private(set) var quantityMeasure: [Int] = []
    private(set) var quantityAmount: [ExactDecimal] = []
    private(set) var quantityStart: [Int] = []
    /// Every action's date, and whether it is a correction: read per goal
    /// without copying the actions themselves.
    private(set) var dates: [CivilDate] = []
    private(set) var isCorrection: [Bool] = []

    init(_ actions: [Action]) {
        // Slices of the log on every core; each writes its own part of the
        // flat arrays and its own lookup tables, joined in log order.
        let slices = Parallel.slices(actions.count)
        let starts = Self.quantityStarts(actions)
        let quantityCount = starts.last ?? 0
        var measures = [Int](repeating: 0, count: quantityCount)
        var amounts = [ExactDecimal](repeating: .zero, count: quantityCount)
        var dates = [CivilDate](repeating: CivilDate(dayNumber: 0), count: actions.count)
        var corrections = [Bool](repeating: false, count: actions.count)
        let tables = measures.withUnsafeMutableBufferPointer { measures in
            amounts.withUnsafeMutableBufferPointer { amounts in
                dates.withUnsafeMutableBufferPointer { dates in
                    corrections.withUnsafeMutableBufferPointer { corrections in
                        let columns = Columns(measures: measures, amounts: amounts, dates: dates, corrections: corrections)
                        return Parallel.map(slices.count) { columns.fill(from: actions, slices[$0], starts: starts) }
                    }
                }
            }
        }
        quantityStart = starts
        quantityMeasure = measures
        quantityAmount = amounts
        isCorrection = corrections
        self.dates = dates
        for table in tables {
            for (goal, indices) in table.byLinkedGoal { byLinkedGoal[goal, default: []] += indices }
            for (tag, indices) in table.byTag { byTag[tag, default: []] += indices }
        }
        // A log written in date order needs no sorting (checked in one pass).
        func before(_ a: Int, _ b: Int) -> Bool { dates[a] < dates[b] || (dates[a] == dates[b] && a < b) }
        for (tag, indices) in byTag where !zip(indices, indices.dropFirst()).allSatisfy({ before($0, $1) }) {
            byTag[tag] = indices.sorted(by: before)
        }
    }

    /// Where each action's quantities start in the flat arrays, and (last) their count.
    private static func quantityStarts(_ actions: [Action]) -> [Int] {
        var starts = [Int]()
        starts.reserveCapacity(actions.count + 1)
        var next = 0
        for i in actions.indices {
            starts.append(next)
            next += actions[i].quantities.count
        }
        starts.append(next)
        return starts
    }

    /// The flat arrays while they are filled: each slice writes its own
    /// positions only (the pointers outlive no call).
    private struct Columns: @unchecked Sendable {
        let measures: UnsafeMutableBufferPointer<Int>
        let amounts: UnsafeMutableBufferPointer<ExactDecimal>
        let dates: UnsafeMutableBufferPointer<CivilDate>
        let corrections: UnsafeMutableBufferPointer<Bool>

        /// Fills the slice's positions, and returns its actions by linked goal and by tag.
        func fill(from actions: [Action], _ slice: Range<Int>, starts: [Int]) -> (byLinkedGoal: [String: [Int]], byTag: [String: [Int]]) {
            var byLinkedGoal: [String: [Int]] = [:]
            var byTag: [String: [Int]] = [:]
            // Each action is read in place (by position), never copied whole.
            for i in slice {
                dates[i] = actions[i].date
                corrections[i] = actions[i].isCorrection
                var q = starts[i]
                for k in actions[i].quantities.indices {
                    measures[q] = actions[i].quantities[k].measureIndex
                    amounts[q] = actions[i].quantities[k].amount
                    q += 1
                }
                for link in actions[i].links { byLinkedGoal[link.goal, default: []].append(i) }
                for tag in actions[i].tags { byTag[tag, default: []].append(i) }
            }
            return (byLinkedGoal, byTag)
        }
    }

    /// The actions that count toward `goal` (FORMAT.md §7), ascending indices:
    /// linked ones wherever they are dated, tagged ones inside the window.
    /// Reads the index only, so goals can be counted on every core at once.
    func counted(toward goal: Goal) -> [Int] {
        let linked = byLinkedGoal[goal.id] ?? []
        guard !goal.tags.isEmpty else { return linked }
        var result = linked
        for tag in goal.tags {
            guard let indices = byTag[tag] else { continue }
            for k in firstOnOrAfter(goal.start, in: indices)..<indices.count {
                let i = indices[k]
                if let target = goal.target, dates[i] > target { break }
                result.append(i)
            }
        }
        return result.count == linked.count ? result : Self.ascendingWithoutRepeats(result)
    }

    /// Where `indices` (sorted by date) reaches `start`, by binary search.
    private func firstOnOrAfter(_ start: CivilDate?, in indices: [Int]) -> Int {
        guard let start else { return 0 }
        var low = 0
        var high = indices.count
        while low < high {
            let mid = (low + high) / 2
            if dates[indices[mid]] < start { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// An action both linked and tagged, or carrying two of the goal's tags, counts once.
    private static func ascendingWithoutRepeats(_ indices: [Int]) -> [Int] {
        var sorted = indices
        sorted.sort()
        var kept = 0
        for i in sorted.indices where i == 0 || sorted[i] != sorted[i - 1] {
            sorted[kept] = sorted[i]
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }
}
