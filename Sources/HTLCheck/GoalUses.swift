import HTLCore
import HTLModel

/// What each goal makes of quantities, worked out once for every rule (and
/// every part of one) that asks: whether it counts actions, the measures
/// it sums, the conversion groups (roots) of those measures, and the goals
/// with an ordered window by tag. Worked out per part, it was a third of
/// `unused-quantity`'s work four times over.
struct GoalUses: Sendable {
    /// By position in `ledger.goals`.
    private(set) var countsActions: [Bool] = []
    private(set) var measures: [[Int]] = []
    /// Sorted, without repeats.
    private(set) var roots: [[Int]] = []
    /// The goals (positions) of each tag whose windows are ordered, in ledger order.
    private(set) var byTag: [String: [Int]] = [:]

    /// Whether goal `goal` counts actions or sums a measure of conversion
    /// group `root`: an action of one quantity in that group that counts
    /// toward it adds something.
    func settles(goal: Int, root: Int) -> Bool {
        countsActions[goal] || roots[goal].contains(root)
    }

    /// Nothing worked out (no rule that runs asks).
    init() {}

    init(_ goals: [Goal], windows: [Goal.Window], catalog: MeasureCatalog) {
        // Slices of the goals on every core, joined in ledger order.
        let slices = Parallel.slices(goals.count)
        let parts = Parallel.map(slices.count) { Self.uses(goals[slices[$0]], catalog) }
        for part in parts {
            countsActions += part.countsActions
            measures += part.measures
            roots += part.roots
        }
        for (g, goal) in goals.enumerated() where windows[g].isOrdered {
            for tag in goal.tags { byTag[tag, default: []].append(g) }
        }
    }

    private static func uses(_ goals: ArraySlice<Goal>, _ catalog: MeasureCatalog) -> GoalUses {
        var uses = GoalUses()
        uses.countsActions = goals.map(\.countsActions)
        uses.measures = goals.map { $0.measuresCounted.compactMap { catalog.index(for: $0) } }
        // Sorted without repeats (a goal has a few measures: no Set per goal).
        uses.roots = uses.measures.map { measures in
            let roots = measures.map(catalog.root(of:))
            // One or two (most goals) without a sort.
            switch roots.count {
            case 0, 1: return roots
            case 2: return roots[0] == roots[1] ? [roots[0]] : [min(roots[0], roots[1]), max(roots[0], roots[1])]
            default:
                let sorted = roots.sorted()
                return sorted.indices.filter { $0 == 0 || sorted[$0] != sorted[$0 - 1] }.map { sorted[$0] }
            }
        }
        return uses
    }
}
