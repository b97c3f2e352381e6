import HTLCore
import HTLModel

/// The actions that count toward one goal (FORMAT.md §7), described by
/// where they come from: the actions linking it, whatever their day, and,
/// for each of its tags, the run of the tag's actions inside its window.
/// Totals, counts and a rhythm's periods are read from the index's per-day
/// sums (`TaggedDays`) and the linked actions, never by listing the actions:
/// a goal costs what its window's days and its links cost, not what its
/// tags' actions do. The list itself is made only when a view asks for it
/// (`positions`).
///
/// An action counted twice by the goal (linked and carrying one of its
/// tags, or carrying two of them) counts once: such actions are found
/// once, when the goal is described (`repeats`), and taken away again.
public struct GoalActions: Sendable {
    let index: ActionIndex
    /// The linked actions, sorted by day (then position).
    let linked: [ActionIndex.Dated]
    /// Per tag of the goal (each once), the run of `index.tagged.all` inside the goal's window.
    let runs: [Range<Int>]
    /// Actions the sources hold more than once, by day, with how many times too many.
    let repeats: [(action: ActionIndex.Dated, extra: Int)]
    /// The last day counted (later actions are to come, FORMAT.md §7).
    let today: Int32

    /// How many actions count toward the goal as of today: lines that are
    /// not corrections (FORMAT.md §7, the one count every view shows).
    public let count: Int
    /// How many corrections count toward it as of today (their quantities
    /// are in its totals; they are no action).
    public let corrections: Int
    /// How many lines dated after today will count once their day comes.
    public let upcomingCount: Int

    init(_ goal: Goal, index: ActionIndex, today: CivilDate) {
        self.index = index
        self.today = Int32(clamping: today.dayNumber)
        // An action links a goal once (a repeated link is read once), so it is in the group once.
        let linked = index.linked.all[index.linked.range(of: goal.id)].sorted {
            ($0.day, $0.index) < ($1.day, $1.index)
        }
        var tags: [String] = []
        for tag in goal.tags where !tags.contains(tag) { tags.append(tag) }
        var runs: [Range<Int>] = []
        for tag in tags {
            let group = index.tagged.range(of: tag)
            guard !group.isEmpty else { continue }
            // The window's run of the tag's actions, both ends found by binary search.
            let first =
                goal.start.map { index.firstTagged(day: Int32(clamping: $0.dayNumber), in: group) } ?? group.lowerBound
            let end =
                goal.target.map { index.firstTagged(day: Int32(clamping: $0.dayNumber) + 1, in: group) }
                ?? group.upperBound
            runs.append(first..<max(first, end))
        }
        self.linked = linked
        self.runs = runs
        repeats = GoalActions.repeats(tags: tags, linked: self.linked, runs: runs, index: index)
        let all = GoalActions.lines(self.linked, runs, repeats, days: Int32.min...Int32.max, index: index)
        let lines = GoalActions.lines(self.linked, runs, repeats, days: Int32.min...self.today, index: index)
        count = GoalActions.occurrences(self.linked, runs, repeats, days: Int32.min...self.today, index: index)
        corrections = lines - count
        upcomingCount = all - lines
    }

    /// The actions that count as of today, by position in the log.
    public var positions: ActionPositions {
        ActionPositions(listed(days: Int32.min...today))
    }

    /// The actions dated after today that will count once their day comes.
    public var upcomingPositions: ActionPositions {
        today == .max ? [] : ActionPositions(listed(days: (today + 1)...Int32.max))
    }

    /// What the actions dated in `days` (and not after today) add up to.
    func totals(days: ClosedRange<Int32>, measures: Int) -> MeasureTotals {
        var totals = MeasureTotals(measures: measures)
        guard let days = clamped(days) else { return totals }
        for run in runs { index.taggedDays.add(index.taggedRun(run, days: days), to: &totals) }
        // The linked actions' facts, spread over the log, gathered first in a
        // loop that does nothing else: there the reads overlap.
        let facts = index.facts
        let counted = linked.filter { days.contains($0.day) }
        for (action, f) in zip(counted, counted.map { facts[Int($0.index)] }) {
            add(Int(action.index), f, times: 1, to: &totals)
        }
        for (action, extra) in repeats where days.contains(action.day) {
            add(Int(action.index), facts[Int(action.index)], times: -extra, to: &totals)
        }
        return totals
    }

    /// Whether any action dated in `days` (and not after today) counts (a
    /// correction is no action).
    func any(days: ClosedRange<Int32>) -> Bool {
        guard let days = clamped(days) else { return false }
        return linked.contains { days.contains($0.day) && !index.isCorrection(Int($0.index)) }
            || runs.contains { index.taggedDays.occurrences(in: index.taggedRun($0, days: days)) > 0 }
    }

    /// How many different actions (corrections left out) count toward any of
    /// `goals` dated in `days` (and not after today): each tag's runs joined
    /// first, so an action forty goals count is looked at once, then every
    /// action marked once in a bitmap over the log.
    static func distinctCount(_ goals: [GoalActions], days: ClosedRange<Int32>) -> Int {
        guard let index = goals.first?.index else { return 0 }
        var linked: [Int32] = []
        var runs: [Range<Int>] = []
        for goal in goals {
            guard let days = goal.clamped(days) else { continue }
            linked += goal.linked.filter { days.contains($0.day) }.map(\.index)
            runs += goal.runs.map { index.taggedRun($0, days: days) }.filter { !$0.isEmpty }
        }
        var seen = [UInt64](repeating: 0, count: index.actions.count / 64 + 1)
        var count = 0
        func mark(_ action: Int32) {
            let (word, bit) = (Int(action) >> 6, UInt64(1) << UInt64(action & 63))
            if seen[word] & bit == 0, !index.isCorrection(Int(action)) {
                seen[word] |= bit
                count += 1
            }
        }
        for action in linked { mark(action) }
        var end = Int.min
        for run in runs.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            for p in max(run.lowerBound, end)..<max(run.upperBound, end) { mark(index.tagged.all[p].index) }
            end = max(end, run.upperBound)
        }
        return count
    }

    /// `days` cut at today; nil when nothing of it is left.
    private func clamped(_ days: ClosedRange<Int32>) -> ClosedRange<Int32>? {
        guard days.lowerBound <= today else { return nil }
        return days.lowerBound...min(days.upperBound, today)
    }

    /// Adds action `i` (whose facts were read as `facts`) `times` times
    /// (negative: takes away an action the sources hold more than once).
    private func add(_ i: Int, _ facts: ActionIndex.Facts, times: Int, to totals: inout MeasureTotals) {
        let correction = index.isCorrection(i)
        if !correction { totals.occurrences += times }
        totals.count += times
        index.forEachQuantity(of: facts) { measure, amount in
            totals.add(times == 1 ? amount : amount.multiplied(by: times), of: measure, correction: correction)
        }
    }

    /// The counted actions dated in `days`, each once, by position.
    private func listed(days: ClosedRange<Int32>) -> [Int32] {
        var positions = linked.filter { days.contains($0.day) }.map(\.index)
        for run in runs { positions += index.tagged.all[index.taggedRun(run, days: days)].map(\.index) }
        positions.sort()
        var kept = 0
        for k in positions.indices where k == 0 || positions[k] != positions[k - 1] {
            positions[kept] = positions[k]
            kept += 1
        }
        positions.removeLast(positions.count - kept)
        return positions
    }

    /// How many lines dated in `days` count, each once.
    private static func lines(
        _ linked: [ActionIndex.Dated], _ runs: [Range<Int>], _ repeats: [(action: ActionIndex.Dated, extra: Int)],
        days: ClosedRange<Int32>, index: ActionIndex
    ) -> Int {
        linked.count { days.contains($0.day) }
            + runs.reduce(0) { $0 + index.taggedRun($1, days: days).count }
            - repeats.reduce(0) { days.contains($1.action.day) ? $0 + $1.extra : $0 }
    }

    /// How many of those lines are not corrections (a tag's run read from its per-day counts).
    private static func occurrences(
        _ linked: [ActionIndex.Dated], _ runs: [Range<Int>], _ repeats: [(action: ActionIndex.Dated, extra: Int)],
        days: ClosedRange<Int32>, index: ActionIndex
    ) -> Int {
        linked.count { days.contains($0.day) && !index.isCorrection(Int($0.index)) }
            + runs.reduce(0) { $0 + index.taggedDays.occurrences(in: index.taggedRun($1, days: days)) }
            - repeats.reduce(0) {
                days.contains($1.action.day) && !index.isCorrection(Int($1.action.index)) ? $0 + $1.extra : $0
            }
    }

    /// The actions the sources hold more than once. A linked action is
    /// also in the run of each of the goal's tags it carries inside the
    /// window (found there by binary search: the runs are sorted, and an
    /// action's own record, far away in the log, is not read). An action
    /// not linked is in the run of each of the goal's tags it carries, and
    /// is found from the first of them (only actions with two tags or more
    /// can be: `index.multiTagged`).
    private static func repeats(
        tags: [String], linked: [ActionIndex.Dated], runs: [Range<Int>],
        index: ActionIndex
    ) -> [(action: ActionIndex.Dated, extra: Int)] {
        guard !runs.isEmpty else { return [] }
        var repeats: [(action: ActionIndex.Dated, extra: Int)] = []
        for action in linked {
            let carried = runs.count { index.taggedRun($0, holds: action) }
            if carried > 0 { repeats.append((action, carried)) }
        }
        if tags.count > 1 {
            let all = index.actions
            let actions = all.span
            for run in runs {
                for p in index.multiTagged(in: run) {
                    let action = index.tagged.all[p]
                    guard !linked.sortedContains(action) else { continue }
                    let carried = tags.filter { actions[Int(action.index)].tags.contains($0) }
                    // Found from the first of the goal's tags it carries: that tag's run is this one.
                    guard carried.count > 1, index.tagged.range(of: carried[0]).contains(p) else { continue }
                    repeats.append((action, carried.count - 1))
                }
            }
        }
        return repeats.sorted { ($0.action.day, $0.action.index) < ($1.action.day, $1.action.index) }
    }
}

extension ActionIndex {
    /// Where the tagged actions in `group` (sorted by day) reach `day`, by binary search.
    func firstTagged(day: Int32, in group: Range<Int>) -> Int {
        var low = group.lowerBound
        var high = group.upperBound
        while low < high {
            let mid = (low + high) / 2
            if tagged.all[mid].day < day { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether `action` is in `run` (a tag's run, sorted by day, then position).
    func taggedRun(_ run: Range<Int>, holds action: Dated) -> Bool {
        tagged.all[run].sortedContains(action)
    }

    /// The part of a tag's run dated in `days`: it starts and ends at a day's boundary.
    func taggedRun(_ run: Range<Int>, days: ClosedRange<Int32>) -> Range<Int> {
        let first = days.lowerBound == .min ? run.lowerBound : firstTagged(day: days.lowerBound, in: run)
        let end = days.upperBound == .max ? run.upperBound : firstTagged(day: days.upperBound + 1, in: run)
        return first..<max(first, end)
    }

    /// The positions in `run` of actions that carry more than one tag.
    func multiTagged(in run: Range<Int>) -> [Int] {
        var low = 0
        var high = multiTagged.count
        while low < high {
            let mid = (low + high) / 2
            if Int(multiTagged[mid]) < run.lowerBound { low = mid + 1 } else { high = mid }
        }
        var found: [Int] = []
        while low < multiTagged.count, Int(multiTagged[low]) < run.upperBound {
            found.append(Int(multiTagged[low]))
            low += 1
        }
        return found
    }
}

extension RandomAccessCollection where Element == ActionIndex.Dated, Index == Int {
    /// Whether `action` is here, for actions sorted by day, then position (by binary search).
    func sortedContains(_ action: ActionIndex.Dated) -> Bool {
        var low = startIndex
        var high = endIndex
        while low < high {
            let mid = (low + high) / 2
            if (self[mid].day, self[mid].index) < (action.day, action.index) { low = mid + 1 } else { high = mid }
        }
        return low < endIndex && self[low] == action
    }
}
