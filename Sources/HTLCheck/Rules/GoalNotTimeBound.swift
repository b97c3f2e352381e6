import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A goal with no target date; a habit (only cadences, no totals) has
    /// no finish by design and is left alone.
    static let goalNotTimeBound = RuleDescriptor(
        .goalNotTimeBound, .warning,
        summary: "a goal (kind goal) with no target date, unless it is a habit (cadences only)",
        failing: .file("goals/run-100km.md", "‸" + RuleExample.goal(["target": ""])),
        passing: .file("goals/run-100km.md", RuleExample.goal()),
        check: notTimeBound)

    private static func notTimeBound(_ context: RuleContext) -> [Finding] {
        context.ledger.goals.compactMap { goal in
            guard !context.pathsWithErrors.contains(goal.path), goal.kind == .goal, goal.target == nil,
                  goal.cadences.isEmpty || !goal.targets.isEmpty else { return nil }
            return Finding(.goalNotTimeBound, goal.location, "goal has no target date", wholeFile: true)
        }
    }
}
