import HTLCore
import HTLModel

/// What the rules that visit every action read of it, 20 bytes, found once
/// for all of them (in slices, on every core): a million actions are 176 MB,
/// and each rule's pass over them was another stream through all of it.
/// A rule reads the action itself only for what is rare: a second link,
/// quantity or tag, a finding's position.
package struct ActionFacts: Sendable {
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

    /// An action read in place through a pointer (an action passed by
    /// value, or read field by field through the array, was copied: a
    /// reference count per String); `firstTag` numbered in `tags`.
    init(_ action: UnsafePointer<Action>, firstLinkGoal: Int32, tags: inout IdentifierTable?) {
        day = Int32(clamping: action.pointee.date.dayNumber)
        self.firstLinkGoal = firstLinkGoal
        let quantities = action.pointee.quantities.count
        firstMeasure = quantities == 0 ? -1 : Int32(clamping: action.pointee.quantities.first!.measureIndex)
        firstTag = tags == nil ? -1 : action.pointee.tags.first.map { Int32(tags!.insert($0)) } ?? -1
        let links = action.pointee.links.count
        shape = (links > 0 ? Self.hasLinks : 0) | (links > 1 ? Self.moreLinks : 0)
            | (quantities > 1 ? Self.moreQuantities : 0) | (action.pointee.tags.count > 1 ? Self.moreTags : 0)
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
    static func of(_ actions: [Action], goals: IdentifierTable, positions: [Int32],
                   numberingTags: Bool) -> (facts: [ActionFacts], tags: IdentifierTable) {
        let slices = Parallel.slices(actions.count, pieces: 32)
        var sliceTags: [IdentifierTable] = []
        var facts = [ActionFacts](unsafeUninitializedCapacity: actions.count) { storage, count in
            let out = storage.baseAddress
            sliceTags = actions.withUnsafeBufferPointer { all in
                Parallel.map(slices.count) { s in
                    // Local copies: the tables captured by the closure were retained and
                    // released at every look-up, by both cores at once.
                    let (goals, positions) = (goals, positions)
                    var tags: IdentifierTable? = numberingTags ? IdentifierTable() : nil
                    for i in slices[s] {
                        let action = all.baseAddress! + i
                        let goal = action.pointee.links.first.flatMap { goals.number(of: $0.goal) }.map { positions[$0] } ?? -1
                        (out! + i).initialize(to: ActionFacts(action, firstLinkGoal: goal, tags: &tags))
                    }
                    return tags ?? IdentifierTable()
                }
            }
            count = actions.count
        }
        var tags = IdentifierTable()
        let numbers = sliceTags.map { local in local.names.map { Int32(tags.insert($0)) } }
        facts.withUnsafeMutableBufferPointer { all in
            let base = all.baseAddress
            _ = Parallel.map(slices.count) { s in
                // The first slice's numbers are the ledger's already.
                guard numbers[s].indices.contains(where: { numbers[s][$0] != $0 }) else { return }
                for i in slices[s] where base![i].firstTag >= 0 { base![i].firstTag = numbers[s][Int(base![i].firstTag)] }
            }
        }
        return (facts, tags)
    }
}
