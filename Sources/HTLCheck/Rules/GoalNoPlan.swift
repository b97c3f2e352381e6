import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A goal (kind goal) with no Action plan heading in its body: any level,
    /// any case (`MarkdownBody.isActionPlanHeading` in
    /// Sources/HTLParse/MarkdownBody.swift), not inside a fenced code block.
    static let goalNoPlan = RuleDescriptor(
        .goalNoPlan, .warning,
        summary: "a goal (kind goal) with no Action plan section",
        failing: RuleExample(
            [
                ("goals/①run-100km.md", RuleExample.goal(body: "Some day.\n")),
                (
                    "goals/②swim-20km.md",
                    RuleExample.goal(
                        ["title": "title: Swim 20 km", "targets": "targets:\n  km: 20"],
                        body: "```\n## Action plan\n```\n")
                ),
                (
                    "goals/③ride-300km.md",
                    RuleExample.goal(
                        ["title": "title: Ride 300 km", "targets": "targets:\n  km: 300"],
                        body: "**Action plan**\n- Ride on Sundays.\n")
                ),
            ],
            finds: [
                "①": "goal has no '## Action plan' section",
                "②": "goal has no '## Action plan' section",
                "③": "goal has no '## Action plan' section",
            ]),
        passing: RuleExample([
            ("goals/run-100km.md", RuleExample.goal(body: "### ACTION PLAN ###\n- Three runs a week.\n")),
            (
                "goals/race-10k.md",
                """
                ---
                title: 10k race
                kind: milestone
                target: 2026-12-13
                term: 7
                targets:
                  km: 10
                values:
                  health: 9
                ---
                """
            ),
        ]),
        check: noPlan)

    private static func noPlan(_ context: RuleContext) -> [Finding] {
        context.ledger.goals.compactMap { goal in
            guard !context.pathsWithErrors.contains(goal.path), goal.kind == .goal, !goal.hasActionPlan else {
                return nil
            }
            return Finding(.goalNoPlan, goal.location, "goal has no '## Action plan' section", wholeFile: true)
        }
    }
}
