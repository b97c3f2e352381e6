import HTLCore
import HTLModel

/// The log indexed once by linked goal and by tag, so that counting is
/// linear in goals + actions (never a scan of the log per goal).
///
/// What counting reads of an action (its day, whether it is a correction,
/// its first quantity) is one record, `Facts`: a goal's counted actions are
/// spread over the whole log, and at a million actions each separate array
/// read was a cache miss of its own (the time per goal grew with the log).
struct ActionIndex {
    /// One action's facts, 32 bytes: a counted action costs one cache line
    /// (whether it is a correction is read from its amounts' signs).
    struct Facts: Sendable {
        /// The first quantity's amount (zero when there is none).
        var amount: ExactDecimal = .zero
        var day: Int32 = 0
        /// The first quantity's measure (its position in the catalog), or -1.
        var measure: Int32 = -1
        /// Where the action's further quantities start in `extraMeasures` and `extraAmounts`, and how many.
        var extraStart: Int32 = 0
        var extraCount: Int32 = 0
    }

    /// An action of a tag or linking a goal, with its day: a goal's window
    /// is walked, and its actions told apart by day, without reading their
    /// facts (spread over the whole log, each read a cache miss).
    struct Dated: Sendable, Equatable {
        var day: Int32
        var index: Int32
    }

    private(set) var facts: [Facts] = []
    private(set) var extraMeasures: [Int32] = []
    private(set) var extraAmounts: [ExactDecimal] = []
    /// The actions linking each goal, in log order.
    private var linked = DatedGroups()
    /// The actions carrying each tag, sorted by date.
    private var tagged = DatedGroups()
    /// The facts of the tagged actions, in the order of `tagged.all`: the
    /// fifty goals that share a tag read its actions one after the other,
    /// not spread over the whole log (each read there was a cache miss: a
    /// goal's totals were the largest part of `status`, at 100,000 actions
    /// as at a million).
    private var taggedFacts: [Facts] = []

    init(_ actions: [Action]) {
        // Slices of the log on every core; each writes its own part of the
        // facts (the array is written only by the slices: a million actions'
        // facts zeroed on one core kept the other waiting) and its own
        // groups' entries and further quantities, joined in log order. The
        // actions are read once (a pass only to count further quantities
        // first read 136 MB more at a million).
        let slices = Parallel.slices(actions.count)
        var tables: [Tables]
        (facts, tables) = Parallel.fill(rooms: slices.map(\.count)) { s, facts in
            Self.fill(&facts, from: actions, slices[s])
        }
        for table in tables {
            // A slice's further quantities follow the earlier slices': its
            // actions that have some (few) point past them.
            let offset = Int32(clamping: extraMeasures.count)
            if offset > 0 { for i in table.withExtras { facts[i].extraStart += offset } }
            extraMeasures += table.extraMeasures
            extraAmounts += table.extraAmounts
        }
        linked = DatedGroups(tables.map(\.byGoal))
        tagged = DatedGroups(tables.map(\.byTag))
        tables = []
        tagged.sortEachGroup { a, b in a.day < b.day || (a.day == b.day && a.index < b.index) }
        // On every core: each tagged action's facts read where they are in the log.
        taggedFacts = Self.facts(of: tagged.all, in: facts)
    }

    /// `facts` of each of `actions`, in their order, gathered in slices on every core.
    private static func facts(of actions: [Dated], in facts: [Facts]) -> [Facts] {
        Parallel.array(actions.count) { facts[Int(actions[$0].index)] }
    }

    func date(_ i: Int) -> CivilDate {
        CivilDate(dayNumber: Int(facts[i].day))
    }

    /// Every quantity negative (`Action.isCorrection`), read from the facts.
    func isCorrection(_ i: Int) -> Bool {
        isCorrection(facts[i])
    }

    /// Every quantity negative, for facts already read.
    func isCorrection(_ f: Facts) -> Bool {
        guard f.measure >= 0, f.amount < .zero else { return false }
        return !extraAmounts[Int(f.extraStart)..<(Int(f.extraStart) + Int(f.extraCount))].contains { $0 >= .zero }
    }

    /// Each quantity of action `i`: its measure and amount, in the order written.
    @inline(__always)
    func forEachQuantity(of i: Int, _ body: (_ measure: Int, _ amount: ExactDecimal) -> Void) {
        forEachQuantity(of: facts[i], body)
    }

    /// Each quantity of the action whose facts were already read.
    @inline(__always)
    func forEachQuantity(of f: Facts, _ body: (_ measure: Int, _ amount: ExactDecimal) -> Void) {
        guard f.measure >= 0 else { return }
        body(Int(f.measure), f.amount)
        for q in Int(f.extraStart)..<(Int(f.extraStart) + Int(f.extraCount)) { body(Int(extraMeasures[q]), extraAmounts[q]) }
    }

    /// Appends the facts of the slice's actions, in order, and returns its
    /// actions by linked goal and by tag, and its further quantities (the
    /// facts point into them as if they came first).
    private static func fill(_ facts: inout Parallel.Region<Facts>, from array: [Action], _ slice: Range<Int>) -> Tables {
        var tables = Tables(actions: slice.count)
        // Each action is read in place through a span, never copied whole.
        let actions = array.span
        for i in slice {
            let day = Int32(clamping: actions[i].date.dayNumber)
            var f = Facts(day: day, extraStart: Int32(clamping: tables.extraMeasures.count))
            // Fields read by position (iterating a list, or taking a whole quantity, copies it).
            let quantityCount = actions[i].quantities.count
            if quantityCount > 0 {
                (f.measure, f.amount) = (Int32(clamping: actions[i].quantities[0].measureIndex), actions[i].quantities[0].amount)
            }
            if quantityCount > 1 { tables.withExtras.append(i) }
            for k in 1..<max(1, quantityCount) {
                tables.extraMeasures.append(Int32(clamping: actions[i].quantities[k].measureIndex))
                tables.extraAmounts.append(actions[i].quantities[k].amount)
            }
            f.extraCount = Int32(clamping: max(0, quantityCount - 1))
            facts.append(f)
            let dated = Dated(day: day, index: Int32(clamping: i))
            for k in 0..<actions[i].links.count { tables.byGoal.add(dated, under: actions[i].links[k].goal) }
            for k in 0..<actions[i].tags.count { tables.byTag.add(dated, under: actions[i].tags[k]) }
        }
        return tables
    }

    /// One slice's actions by linked goal and by tag, and its further quantities.
    private struct Tables: Sendable {
        var byGoal: DatedGroups.Slice
        var byTag: DatedGroups.Slice
        /// Quantities after the first, in log order, and the actions that have some.
        var extraMeasures: [Int32] = []
        var extraAmounts: [ExactDecimal] = []
        var withExtras: [Int] = []

        /// Room for a link on every action of the slice, and a tag on every other.
        init(actions: Int) {
            byGoal = DatedGroups.Slice(expecting: actions)
            byTag = DatedGroups.Slice(expecting: actions / 2)
        }
    }

    /// Where the actions that count toward a goal come from (FORMAT.md §7):
    /// the actions linking it, wherever they are dated, and for each of its
    /// tags the run of the tag's actions inside its window (positions in
    /// `tagged.all` and `taggedFacts`).
    struct Sources {
        var linked: ArraySlice<Dated>
        var runs: [Range<Int>]

        /// How many actions, an action linked and tagged (or carrying two of the goal's tags) counted each time.
        var count: Int { runs.reduce(linked.count) { $0 + $1.count } }
    }

    /// A goal's sources, read from the index only, so goals can be counted
    /// on every core at once.
    func sources(toward goal: Goal) -> Sources {
        var sources = Sources(linked: linked.all[linked.range(of: goal.id)], runs: [])
        for tag in goal.tags {
            let group = tagged.range(of: tag)
            guard !group.isEmpty else { continue }
            // The window's run of the tag's actions, both ends found by binary search.
            let first = goal.start.map { firstDay(atLeast: Int32(clamping: $0.dayNumber), in: group) } ?? group.lowerBound
            let end = goal.target.map { firstDay(atLeast: Int32(clamping: $0.dayNumber) + 1, in: group) } ?? group.upperBound
            sources.runs.append(first..<max(first, end))
        }
        return sources
    }

    /// The actions of `sources` dated `day` or before (a tag's run is in date order: it is cut where it passes the day).
    func through(day: Int32, _ sources: Sources) -> Sources {
        // Most goals have no linked action after the day: their list is kept as it is, not copied.
        Sources(linked: sources.linked.allSatisfy { $0.day <= day } ? sources.linked : ArraySlice(sources.linked.filter { $0.day <= day }),
                runs: sources.runs.map { run in
                    run.lowerBound..<(day == .max ? run.upperBound : firstDay(atLeast: day + 1, in: run))
                })
    }

    /// The actions that count toward a goal, from its sources: by ascending
    /// index, each once, with their days.
    func counted(_ sources: Sources) -> [Dated] {
        var result = Array(sources.linked)
        for run in sources.runs { result = Self.merged(result, tagged.all[run]) }
        return result
    }

    /// Calls `body` with the facts of each of `counted` once (`counted`:
    /// the goal's actions as of today; `sources`: where they come from, cut
    /// at today by `through`). A tag's run is read in place, in order; the
    /// linked actions, spread over the whole log, are gathered first in a
    /// loop that does nothing else (only there do the reads overlap). An
    /// action linked and tagged, or carrying two of the goal's tags, makes
    /// the sources longer than `counted`: then each is read by index.
    @inline(__always)
    func forEachCounted(_ counted: ActionPositions, from sources: Sources, _ body: (Facts) -> Void) {
        guard sources.count == counted.count else {
            for i in counted { body(facts[i]) }
            return
        }
        for f in sources.linked.map({ facts[Int($0.index)] }) { body(f) }
        for run in sources.runs {
            for f in taggedFacts[run] { body(f) }
        }
    }

    /// Two lists of actions as one, by ascending index, each action once. A
    /// tag's actions are in date order, which for a log written in date
    /// order is also log order: then the lists are merged in one pass, read
    /// and written in place (a goal's lists are as long as its tags' runs:
    /// the merge and its checks were the largest part of counting a goal);
    /// otherwise sorted.
    private static func merged(_ a: [Dated], _ b: ArraySlice<Dated>) -> [Dated] {
        guard !b.isEmpty else { return a }
        let bIsAscending = isAscending(b)
        // Nothing to merge into (a goal with no links, its first tag): the run as it is.
        if a.isEmpty, bIsAscending { return Array(b) }
        guard bIsAscending, isAscending(a[...]) else { return ascendingWithoutRepeats(a + Array(b)) }
        var out: [Dated] = []
        out.reserveCapacity(a.count + b.count)
        var (i, j) = (a.startIndex, b.startIndex)
        while i < a.endIndex, j < b.endIndex {
            let (x, y) = (a[i], b[j])
            out.append(x.index <= y.index ? x : y)
            if x.index <= y.index { i += 1 }
            if y.index <= x.index { j += 1 }
        }
        out += a[i...]
        out += b[j...]
        return out
    }

    /// Strictly ascending by index (no action twice).
    private static func isAscending(_ actions: ArraySlice<Dated>) -> Bool {
        var k = actions.startIndex + 1
        while k < actions.endIndex {
            if actions[k - 1].index >= actions[k].index { return false }
            k += 1
        }
        return true
    }

    /// Where the tagged actions in `run` (sorted by date) reach `day`, by binary search.
    private func firstDay(atLeast day: Int32, in run: Range<Int>) -> Int {
        var low = run.lowerBound
        var high = run.upperBound
        while low < high {
            let mid = (low + high) / 2
            if tagged.all[mid].day < day { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// An action both linked and tagged, or carrying two of the goal's tags, counts once.
    private static func ascendingWithoutRepeats(_ actions: [Dated]) -> [Dated] {
        var sorted = actions
        sorted.sort { $0.index < $1.index }
        var kept = 0
        for i in sorted.indices where i == 0 || sorted[i].index != sorted[i - 1].index {
            sorted[kept] = sorted[i]
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }
}
