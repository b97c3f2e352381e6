import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A goal with no target date; a habit (only cadences, no totals) has
    /// no finish by design and is left alone.
    static let goalNotTimeBound = RuleDescriptor(
        .goalNotTimeBound, .warning,
        summary: "a goal (kind goal) with no target date, unless it is a habit (cadences only)",
        failing: RuleExample(
            [
                ("goals/①run-100km.md", RuleExample.goal(["target": ""])),
                (
                    "goals/②swim.md",
                    """
                    ---
                    title: Swim 20 km
                    start: 2026-11-02
                    term: 7
                    targets:
                      km: 20
                    values:
                      health: 8
                    cadence:
                      actions: 2/week
                    ---
                    ## Action plan
                    - Swim twice a week.
                    """
                ),
            ],
            finds: [
                "①": "goal has no target date",
                "②": "goal has no target date",
            ]),
        passing: RuleExample([
            ("goals/run-100km.md", RuleExample.goal()),
            (
                "goals/swim.md",
                """
                ---
                title: Swim weekly
                start: 2026-11-02
                term: 7
                values:
                  health: 8
                cadence:
                  actions: 2/week
                ---
                ## Action plan
                - Swim twice a week.
                """
            ),
        ]),
        check: notTimeBound)

    private static func notTimeBound(_ context: RuleContext) -> [Finding] {
        context.ledger.goals.compactMap { goal in
            guard !context.pathsWithErrors.contains(goal.path), goal.kind == .goal, goal.target == nil,
                goal.cadences.isEmpty || !goal.targets.isEmpty
            else { return nil }
            return Finding(.goalNotTimeBound, goal.location, "goal has no target date", wholeFile: true)
        }
    }
}
