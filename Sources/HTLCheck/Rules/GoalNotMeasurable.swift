import HTLCore
import HTLModel

extension RuleDescriptor {
    static let goalNotMeasurable = RuleDescriptor(
        .goalNotMeasurable, .warning,
        summary: "a goal with no targets, no cadence and no checklist",
        failing: .file("goals/run-100km.md", "‸" + RuleExample.goal(["targets": ""])),
        passing: .file("goals/run-100km.md", RuleExample.goal(["targets": ""], body: "## Action plan\n- [ ] Run a 10k\n")),
        check: notMeasurable)

    private static func notMeasurable(_ context: RuleContext) -> [Finding] {
        context.ledger.goals.compactMap { goal in
            guard !context.pathsWithErrors.contains(goal.path), goal.targets.isEmpty, goal.cadences.isEmpty, goal.checklist.isEmpty else { return nil }
            return Finding(.goalNotMeasurable, goal.location, "\(goal.kind.rawValue) '\(goal.id)' has no targets, no cadence and no checklist",
                           help: "add 'targets:' (e.g. km: 100), 'cadence:' (e.g. actions: 3/week) or a checklist of '- [ ]' items", wholeFile: true)
        }
    }
}
