import HTLCore
import HTLModel

extension RuleDescriptor {
    /// An action whose quantities none of the goals it counts toward can use
    /// (no target in those measures or ones they convert to): it adds
    /// nothing. Said only when one of those goals has measure targets, and
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
        let goalsByTag = Dictionary(grouping: context.ledger.goals.flatMap { goal in goal.tags.map { ($0, goal) } }, by: \.0)
            .mapValues { $0.map(\.1) }
        var found: [Finding] = []
        for action in context.ledger.actions where !action.quantities.isEmpty {
            var counting = action.links.compactMap { context.goalsByID[$0.goal] }
            for tag in action.tags {
                counting += (goalsByTag[tag] ?? []).filter { $0.windowContains(action.date) }
            }
            let targets = counting.flatMap { goal in goal.targets.compactMap { catalog.index(for: $0.measure) } }
            guard !targets.isEmpty else { continue }
            let unused = action.quantities.filter { q in !targets.contains { catalog.canConvert(from: q.measureIndex, to: $0) } }
            guard unused.count == action.quantities.count else { continue }
            for quantity in unused {
                let names = uniqueIDs(counting.map(\.id))
                let measures = uniqueIDs(targets.map { catalog.measures[$0].id })
                found.append(Finding(.unusedQuantity, SourceLocation(path: action.path, line: action.line, column: quantity.column),
                                     "\(quantity.written) counts toward no target of \(names.joined(separator: ", ")) (targets: \(measures.joined(separator: ", "))), so the action adds nothing",
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
