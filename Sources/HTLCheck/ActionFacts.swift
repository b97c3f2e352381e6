import HTLCore
import HTLModel

/// What the rules that visit every action read of it, 20 bytes, found once
/// for all of them (in slices, on every core): a million actions are 176 MB,
/// and each rule's pass over them was another stream through all of it.
/// A rule reads the action itself only for what is rare: a second link,
/// quantity or tag, a finding's position.
package struct ActionFacts: Sendable, BitwiseCopyable {
    package let day: Int32
    /// The first link's goal, by position in `ledger.goals` (its first
    /// declaration); -1: no link, or no such goal.
    package let firstLinkGoal: Int32
    /// The first quantity's measure, by position in the catalog; -1: no quantity.
    package let firstMeasure: Int32
    /// The first tag's number in `RuleContext.tags`; -1: no tag.
    package private(set) var firstTag: Int32
    private let shape: UInt8

    private static let hasLinks: UInt8 = 1
    private static let moreLinks: UInt8 = 2
    private static let moreQuantities: UInt8 = 4
    private static let moreTags: UInt8 = 8

    /// Action `i`, read in place through a span (an action passed by value,
    /// or read through an array's subscript, is copied: a reference count
    /// per String); `firstTag` numbered in `tags`.
    init(_ actions: Span<Action>, _ i: Int, firstLinkGoal: Int32, tags: inout IdentifierTable?) {
        day = Int32(clamping: actions[i].date.dayNumber)
        self.firstLinkGoal = firstLinkGoal
        let quantities = actions[i].quantities.count
        firstMeasure = quantities == 0 ? -1 : Int32(clamping: actions[i].quantities[0].measureIndex)
        firstTag = tags == nil ? -1 : actions[i].tags.first.map { Int32(tags!.insert($0)) } ?? -1
        let links = actions[i].links.count
        shape =
            (links > 0 ? Self.hasLinks : 0) | (links > 1 ? Self.moreLinks : 0)
            | (quantities > 1 ? Self.moreQuantities : 0) | (actions[i].tags.count > 1 ? Self.moreTags : 0)
    }

    package var hasLinks: Bool { shape & Self.hasLinks != 0 }
    /// More than one link (the others are read from the action).
    package var hasMoreLinks: Bool { shape & Self.moreLinks != 0 }
    package var hasQuantities: Bool { firstMeasure >= 0 }
    /// More than one quantity (the others are read from the action).
    package var hasMoreQuantities: Bool { shape & Self.moreQuantities != 0 }
    package var hasTags: Bool { firstTag >= 0 }
    /// More than one tag (the others are read from the action).
    package var hasMoreTags: Bool { shape & Self.moreTags != 0 }

    /// Every action's facts, in slices on every core, each written in its
    /// place; each slice numbers the tags it meets, and the numbers are then
    /// made the ledger's (in order of the slices, so they never depend on
    /// timing). `goals` numbers the goal ids; `positions` gives each
    /// number's position in `ledger.goals`. Without `numberingTags` every
    /// `firstTag` is -1 and the table is empty.
    static func of(
        _ actions: [Action], goals: IdentifierTable, positions: [Int32],
        numberingTags: Bool
    ) -> (facts: [ActionFacts], tags: IdentifierTable) {
        let slices = Parallel.slices(actions.count, pieces: 32)
        var (facts, sliceTags) = Parallel.fill(rooms: slices.map(\.count)) { s, facts in
            // Local copies: the tables captured by the closure were retained and
            // released at every look-up, by both cores at once.
            let (goals, positions, actions) = (goals, positions, actions.span)
            var tags: IdentifierTable? = numberingTags ? IdentifierTable() : nil
            for i in slices[s] {
                let goal = actions[i].links.first.flatMap { goals.number(of: $0.goal) }.map { positions[$0] } ?? -1
                facts.append(ActionFacts(actions, i, firstLinkGoal: goal, tags: &tags))
            }
            return tags ?? IdentifierTable()
        }
        var tags = IdentifierTable()
        let numbers = sliceTags.map { local in local.names.map { Int32(tags.insert($0)) } }
        Parallel.write(into: &facts, ranges: slices) { s, part in
            // The first slice's numbers are the ledger's already.
            guard numbers[s].indices.contains(where: { numbers[s][$0] != $0 }) else { return }
            for k in part.indices where part[k].firstTag >= 0 { part[k].firstTag = numbers[s][Int(part[k].firstTag)] }
        }
        sliceTags = []
        return (facts, tags)
    }
}
