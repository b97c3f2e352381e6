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
        let windows = goals.map { (start: $0.start, target: $0.target) }
        var byID: [String: Int] = [:]
        var byTag: [String: [Int]] = [:]
        for (g, goal) in goals.enumerated() {
            if byID[goal.id] == nil { byID[goal.id] = g }
            for tag in goal.tags { byTag[tag, default: []].append(g) }
        }
        var found: [Finding] = []
        for action in context.ledger.actions where !action.quantities.isEmpty {
            var counting = action.links.compactMap { byID[$0.goal] }
            for tag in action.tags {
                counting += (byTag[tag] ?? []).filter { g in
                    windows[g].start.map { action.date >= $0 } ?? true && windows[g].target.map { action.date <= $0 } ?? true
                }
            }
            // A goal counting actions (an `actions` target or cadence) uses every line.
            guard !counting.contains(where: { countsActions[$0] }) else { continue }
            let targets = counting.flatMap { measures[$0] }
            guard !targets.isEmpty else { continue }
            let unused = action.quantities.filter { q in !targets.contains { catalog.canConvert(from: q.measureIndex, to: $0) } }
            guard unused.count == action.quantities.count else { continue }
            for quantity in unused {
                let names = uniqueIDs(counting.map { goals[$0].id })
                let counted = uniqueIDs(targets.map { catalog.measures[$0].id })
                found.append(Finding(.unusedQuantity, SourceLocation(path: action.path, line: action.line, column: quantity.column),
                                     "\(quantity.written) counts toward no target of \(names.joined(separator: ", ")) (they count \(counted.joined(separator: ", "))), so the action adds nothing",
                                     help: "log it in a measure a goal counts, or link a goal with a \(quantity.measure) target"))
            }
        }
        return found
    }

    private static func uniqueIDs(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }
}
