import HTLCore
import HTLModel

extension RuleDescriptor {
    /// An action whose quantities none of the goals it counts toward can use
    /// (no target in those measures or ones they convert to): it adds
    /// nothing. Said only when one of those goals has measure targets (or
    /// cadences) and none counts actions themselves, and
    /// only when no quantity of the line counts: minutes noted beside the
    /// kilometres a goal counts are a diary, not a mistake.
    static let unusedQuantity = RuleDescriptor(
        .unusedQuantity, .warning,
        summary: "an action's quantities are in measures none of its goals can use, so it adds nothing",
        failing: .file("log/2026.log", "2026-11-20 Swim ‸30min +run-100km\n"),
        passing: .file("log/2026.log", "2026-11-20 Run 5km +run-100km\n"),
        check: unusedQuantities)

    private static func unusedQuantities(_ context: RuleContext) -> [Finding] {
        let catalog = context.ledger.measures
        let goals = context.ledger.goals
        // Per goal, once: whether it counts actions, and the measures it sums.
        let countsActions = goals.map(\.countsActions)
        let measures = goals.map { $0.measuresCounted.compactMap { catalog.index(for: $0) } }
        let windows = context.goalWindows
        let byID = context.goalIndex
        var byTag: [String: [Int]] = [:]
        for (g, goal) in goals.enumerated() {
            for tag in goal.tags { byTag[tag, default: []].append(g) }
        }
        /// The goals `action` counts toward (its links, then the goals of its
        /// tags whose window holds it), in order, until `visit` says stop.
        func forEachGoal(of action: Action, _ visit: (Int) -> Bool) {
            for link in action.links {
                if let g = byID[link.goal], !visit(g) { return }
            }
            for tag in action.tags {
                for g in byTag[tag] ?? [] where windows[g].contains(action.date) {
                    if !visit(g) { return }
                }
            }
        }
        var found: [Finding] = []
        for action in context.ledger.actions where !action.quantities.isEmpty {
            // Most lines count: decided without building any list, and as soon
            // as one goal uses the line (a tag may be shared by thousands of goals).
            var verdict = Verdict()
            forEachGoal(of: action) { g in
                verdict.add(g, countsActions, measures, action.quantities, catalog)
                return !verdict.isDecided
            }
            guard verdict.addsNothing else { continue }
            var counting: [Int] = []
            forEachGoal(of: action) { counting.append($0); return true }
            let names = uniqueIDs(counting.map { goals[$0].id })
            let counted = uniqueIDs(counting.flatMap { measures[$0] }.map { catalog.measures[$0].id })
            for quantity in action.quantities {
                found.append(Finding(.unusedQuantity, SourceLocation(path: action.path, line: action.line, column: quantity.column),
                                     "\(quantity.written) counts toward no target of \(names.joined(separator: ", ")) (they count \(counted.joined(separator: ", "))), so the action adds nothing",
                                     help: "log it in a measure a goal counts, or link a goal with a \(quantity.measure) target"))
            }
        }
        return found
    }

    /// What the goals an action counts toward make of its quantities.
    private struct Verdict {
        var countsActions = false
        var hasTargets = false
        var usesAQuantity = false

        /// The action adds nothing: no goal counts actions, some have
        /// targets, and none can use any of its quantities.
        var addsNothing: Bool { !countsActions && hasTargets && !usesAQuantity }

        /// Some goal uses the line: no further goal can change that.
        var isDecided: Bool { countsActions || usesAQuantity }

        mutating func add(_ goal: Int, _ countsActionsByGoal: [Bool], _ measures: [[Int]], _ quantities: [Action.Quantity], _ catalog: MeasureCatalog) {
            if countsActionsByGoal[goal] { countsActions = true }
            for target in measures[goal] {
                hasTargets = true
                if !usesAQuantity, quantities.contains(where: { catalog.canConvert(from: $0.measureIndex, to: target) }) { usesAQuantity = true }
            }
        }
    }

    private static func uniqueIDs(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }
}
