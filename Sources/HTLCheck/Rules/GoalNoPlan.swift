import HTLCore
import HTLModel

extension RuleDescriptor {
    static let goalNoPlan = RuleDescriptor(
        .goalNoPlan, .warning,
        summary: "a goal (kind goal) with no Action plan section",
        failing: .file("goals/run-100km.md", "‸" + RuleExample.goal(body: "Some day.\n")),
        passing: .file("goals/run-100km.md", RuleExample.goal()),
        check: noPlan)

    private static func noPlan(_ context: RuleContext) -> [Finding] {
        context.ledger.goals.compactMap { goal in
            guard !context.pathsWithErrors.contains(goal.path), goal.kind == .goal, !goal.hasActionPlan else { return nil }
            return Finding(.goalNoPlan, goal.location, "goal has no '## Action plan' section", wholeFile: true)
        }
    }
}
