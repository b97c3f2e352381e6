import HTLCore
import HTLModel

/// The log indexed once by linked goal and by tag, so that counting is
/// linear in goals + actions (never a scan of the log per goal).
struct ActionIndex {
    /// Indices into `ledger.actions` of the actions linking each goal.
    private(set) var byLinkedGoal: [String: [Int]] = [:]
    /// Indices of the actions carrying each tag, sorted by date.
    private(set) var byTag: [String: [Int]] = [:]
    /// Scratch marks for de-duplication: `stamp[i] == generation` means action
    /// i is already counted for the goal being computed.
    private var stamp: [Int]
    private var generation = 0
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
        stamp = [Int](repeating: 0, count: actions.count)
        quantityStart.reserveCapacity(actions.count + 1)
        dates.reserveCapacity(actions.count)
        isCorrection.reserveCapacity(actions.count)
        // Each action is read in place (by position), never copied whole.
        for i in actions.indices {
            dates.append(actions[i].date)
            quantityStart.append(quantityMeasure.count)
            for k in actions[i].quantities.indices {
                quantityMeasure.append(actions[i].quantities[k].measureIndex)
                quantityAmount.append(actions[i].quantities[k].amount)
            }
            isCorrection.append(actions[i].isCorrection)
        }
        quantityStart.append(quantityMeasure.count)
        for i in actions.indices {
            for link in actions[i].links {
                byLinkedGoal[link.goal, default: []].append(i)
            }
            for tag in actions[i].tags {
                byTag[tag, default: []].append(i)
            }
        }
        // A log written in date order needs no sorting (checked in one pass).
        let dates = dates
        func before(_ a: Int, _ b: Int) -> Bool { dates[a] < dates[b] || (dates[a] == dates[b] && a < b) }
        for (tag, indices) in byTag where !zip(indices, indices.dropFirst()).allSatisfy({ before($0, $1) }) {
            byTag[tag] = indices.sorted(by: before)
        }
    }

    /// The actions that count toward `goal` (FORMAT.md §7), ascending indices:
    /// linked ones wherever they are dated, tagged ones inside the window.
    mutating func counted(toward goal: Goal) -> [Int] {
        var result = byLinkedGoal[goal.id] ?? []
        guard !goal.tags.isEmpty else { return result }
        generation += 1
        for i in result { stamp[i] = generation }
        let linkedCount = result.count
        for tag in goal.tags {
            guard let indices = byTag[tag] else { continue }
            // Binary search for the first action on or after the window's start.
            var low = 0
            if let start = goal.start {
                var high = indices.count
                while low < high {
                    let mid = (low + high) / 2
                    if dates[indices[mid]] < start { low = mid + 1 } else { high = mid }
                }
            }
            for k in low..<indices.count {
                let i = indices[k]
                if let target = goal.target, dates[i] > target { break }
                if stamp[i] != generation {
                    stamp[i] = generation
                    result.append(i)
                }
            }
        }
        return result.count == linkedCount ? result : result.sorted()
    }
}
