import HTLCore
import HTLModel

extension RuleDescriptor {
    /// Nothing to measure a goal by: no targets, no cadence and no
    /// checklist, whatever its kind.
    static let goalNotMeasurable = RuleDescriptor(
        .goalNotMeasurable, .warning,
        summary: "a goal with no targets, no cadence and no checklist",
        failing: RuleExample(
            [
                ("goals/①run-100km.md", RuleExample.goal(["targets": ""])),
                (
                    "goals/②race-10k.md",
                    """
                    ---
                    title: 10k race
                    kind: milestone
                    target: 2026-12-13
                    term: 7
                    values:
                      health: 9
                    ---
                    """
                ),
            ],
            finds: [
                "①": "goal 'run-100km' has no targets, no cadence and no checklist",
                "②": "milestone 'race-10k' has no targets, no cadence and no checklist",
            ]),
        passing: RuleExample([
            ("goals/run-100km.md", RuleExample.goal(["targets": ""], body: "## Action plan\n- [ ] Run a 10k\n")),
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
        check: notMeasurable)

    private static func notMeasurable(_ context: RuleContext) -> [Finding] {
        context.ledger.goals.compactMap { goal in
            guard !context.pathsWithErrors.contains(goal.path), goal.targets.isEmpty, goal.cadences.isEmpty,
                goal.checklist.isEmpty
            else { return nil }
            return Finding(
                .goalNotMeasurable, goal.location,
                "\(goal.kind.rawValue) '\(goal.id)' has no targets, no cadence and no checklist",
                help:
                    "add 'targets:' (e.g. km: 100), 'cadence:' (e.g. actions: 3/week) or a checklist of '- [ ]' items",
                wholeFile: true)
        }
    }
}
