import HTLCore
import HTLModel

/// The log indexed once by linked goal and by tag, and what each tag's
/// actions add up to per day (`TaggedDays`), so that counting is linear in
/// goals + actions, never a scan of the log per goal, nor of a tag's actions
/// per goal that counts them. Built once, then only read (on every core):
/// the goals' counted actions (`GoalActions`) keep a reference to it.
///
/// What counting reads of an action (its day, whether it is a correction,
/// its first quantity) is one record, `Facts`: a goal's counted actions are
/// spread over the whole log, and at a million actions each separate array
/// read was a cache miss of its own (the time per goal grew with the log).
final class ActionIndex: Sendable {
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

    let facts: [Facts]
    let extraMeasures: [Int32]
    let extraAmounts: [ExactDecimal]
    /// The actions themselves (their links and tags tell an action counted
    /// twice by one goal).
    let actions: [Action]
    /// The actions linking each goal, in log order.
    let linked: DatedGroups
    /// The actions carrying each tag, sorted by day (then position).
    let tagged: DatedGroups
    /// What each tag's actions add up to per day.
    let taggedDays: TaggedDays
    /// The positions in `tagged.all` of actions that carry more than one
    /// tag, in order: a goal with two of them counts such an action once.
    let multiTagged: [Int32]
    /// One bit per action: tagged `#correction` (read from the tag's group,
    /// not from the actions).
    let taggedCorrection: [UInt64]

    init(_ actions: [Action]) {
        self.actions = actions
        // Slices of the log on every core; each writes its own part of the
        // facts (the array is written only by the slices: a million actions'
        // facts zeroed on one core kept the other waiting) and its own
        // groups' entries and further quantities, joined in log order. The
        // actions are read once (a pass only to count further quantities
        // first read 136 MB more at a million).
        let slices = Parallel.slices(actions.count)
        var (facts, tables) = Parallel.fill(rooms: slices.map(\.count)) { s, facts in
            ActionIndex.fill(&facts, from: actions, slices[s])
        }
        var extraMeasures: [Int32] = []
        var extraAmounts: [ExactDecimal] = []
        for table in tables {
            // A slice's further quantities follow the earlier slices': its
            // actions that have some (few) point past them.
            let offset = Int32(clamping: extraMeasures.count)
            if offset > 0 { for i in table.withExtras { facts[i].extraStart += offset } }
            extraMeasures += table.extraMeasures
            extraAmounts += table.extraAmounts
        }
        (self.facts, self.extraMeasures, self.extraAmounts) = (facts, extraMeasures, extraAmounts)
        linked = DatedGroups(tables.map(\.byGoal))
        var tagged = DatedGroups(tables.map(\.byTag))
        tables = []
        tagged.sortEachGroup { a, b in a.day < b.day || (a.day == b.day && a.index < b.index) }
        self.tagged = tagged
        var marked = [UInt64](repeating: 0, count: actions.count / 64 + 1)
        for entry in tagged.all[tagged.range(of: Action.correctionTag)] {
            marked[Int(entry.index) >> 6] |= 1 << UInt64(entry.index & 63)
        }
        let taggedCorrection = marked
        self.taggedCorrection = taggedCorrection
        taggedDays = TaggedDays(
            tagged: tagged.all, groups: tagged.ranges, facts: facts,
            quantities: { f, body in ActionIndex.forEachQuantity(of: f, extraMeasures, extraAmounts, body) },
            isCorrection: { i in
                taggedCorrection[i >> 6] & (1 << UInt64(i & 63)) != 0 || ActionIndex.allNegative(facts[i], extraAmounts)
            })
        multiTagged = Self.carriedTwice(tagged.all, actions: actions.count)
    }

    /// The positions in `tagged` of actions found there more than once (that
    /// carry two tags or more), told from the index alone: the actions
    /// themselves, 120 bytes each across the whole log, are not read.
    private static func carriedTwice(_ tagged: [Dated], actions: Int) -> [Int32] {
        var times = [UInt8](repeating: 0, count: actions)
        for entry in tagged where times[Int(entry.index)] < 2 { times[Int(entry.index)] += 1 }
        var positions: [Int32] = []
        for p in tagged.indices where times[Int(tagged[p].index)] > 1 { positions.append(Int32(p)) }
        return positions
    }

    func date(_ i: Int) -> CivilDate {
        CivilDate(dayNumber: Int(facts[i].day))
    }

    /// Action `i` is a correction (`Action.isCorrection`): tagged
    /// `#correction`, or every quantity negative, read from the facts.
    func isCorrection(_ i: Int) -> Bool {
        taggedCorrection[i >> 6] & (1 << UInt64(i & 63)) != 0 || ActionIndex.allNegative(facts[i], extraAmounts)
    }

    /// Every quantity negative (and at least one).
    static func allNegative(_ f: Facts, _ extraAmounts: [ExactDecimal]) -> Bool {
        guard f.measure >= 0, f.amount < .zero else { return false }
        return !extraAmounts[Int(f.extraStart)..<(Int(f.extraStart) + Int(f.extraCount))].contains { $0 >= .zero }
    }

    /// Each quantity of action `i`: its measure and amount, in the order written.
    func forEachQuantity(of i: Int, _ body: (_ measure: Int, _ amount: ExactDecimal) -> Void) {
        forEachQuantity(of: facts[i], body)
    }

    /// Each quantity of the action whose facts were already read.
    func forEachQuantity(of f: Facts, _ body: (_ measure: Int, _ amount: ExactDecimal) -> Void) {
        ActionIndex.forEachQuantity(of: f, extraMeasures, extraAmounts, body)
    }

    static func forEachQuantity(
        of f: Facts, _ extraMeasures: [Int32], _ extraAmounts: [ExactDecimal],
        _ body: (_ measure: Int, _ amount: ExactDecimal) -> Void
    ) {
        guard f.measure >= 0 else { return }
        body(Int(f.measure), f.amount)
        for q in Int(f.extraStart)..<(Int(f.extraStart) + Int(f.extraCount)) {
            body(Int(extraMeasures[q]), extraAmounts[q])
        }
    }

    /// Appends the facts of the slice's actions, in order, and returns its
    /// actions by linked goal and by tag, and its further quantities (the
    /// facts point into them as if they came first).
    private static func fill(_ facts: inout Parallel.Region<Facts>, from array: [Action], _ slice: Range<Int>) -> Tables
    {
        var tables = Tables(actions: slice.count)
        // Each action is read in place through a span, never copied whole.
        let actions = array.span
        for i in slice {
            let day = Int32(clamping: actions[i].date.dayNumber)
            var f = Facts(day: day, extraStart: Int32(clamping: tables.extraMeasures.count))
            // Fields read by position (iterating a list, or taking a whole quantity, copies it).
            let quantityCount = actions[i].quantities.count
            if quantityCount > 0 {
                (f.measure, f.amount) = (
                    Int32(clamping: actions[i].quantities[0].measureIndex), actions[i].quantities[0].amount
                )
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
}
