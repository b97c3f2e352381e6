import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A goal, milestone or obligation aligned to no value.
    static let goalNoValues = RuleDescriptor(
        .goalNoValues, .warning,
        summary: "a goal aligned to no value",
        failing: RuleExample(
            [
                ("goals/①run-100km.md", RuleExample.goal(["values": ""])),
                (
                    "goals/②race-10k.md",
                    """
                    ---
                    title: 10k race
                    kind: milestone
                    target: 2026-12-13
                    term: 7
                    targets:
                      km: 10
                    ---
                    """
                ),
            ],
            finds: [
                "①": "goal 'run-100km' is aligned to no value",
                "②": "milestone 'race-10k' is aligned to no value",
            ]),
        passing: RuleExample([
            ("goals/run-100km.md", RuleExample.goal()),
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
        check: noValues)

    private static func noValues(_ context: RuleContext) -> [Finding] {
        context.ledger.goals.compactMap { goal in
            guard !context.pathsWithErrors.contains(goal.path), goal.values.isEmpty else { return nil }
            return Finding(
                .goalNoValues, goal.location, "\(goal.kind.rawValue) '\(goal.id)' is aligned to no value",
                help: "add 'values:' with a value id and a strength 1-10", wholeFile: true)
        }
    }
}
