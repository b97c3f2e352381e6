import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A linked action dated outside the goal's window (both ends are in
    /// it; a goal with no start has no first day): it still counts.
    static let linkOutsideWindow = RuleDescriptor(
        .linkOutsideWindow, .warning,
        summary: "an action links a goal outside the goal's [start, target] window",
        failing: RuleExample(
            [
                ("goals/walk-50km.md", walkFiftyKilometres),
                (
                    "log/2026.log",
                    """
                    2026-11-01 Run 5km ①+run-100km
                    2026-11-20 Walk 5km +run-100km ②+walk-50km
                    """
                ),
            ],
            finds: [
                "①": """
                action dated 2026-11-01 links 'run-100km' outside its window [2026-11-02, 2027-01-10]; \
                it still counts
                """,
                "②": "action dated 2026-11-20 links 'walk-50km' outside its window […, 2026-11-10]; it still counts",
            ]),
        passing: RuleExample([
            ("goals/walk-50km.md", walkFiftyKilometres),
            (
                "log/2026.log",
                """
                2026-11-02 Run 5km +run-100km
                2026-11-10 Walk 5km +run-100km +walk-50km
                """
            ),
        ]),
        weight: 1, check: linksOutside)

    /// A goal of the examples with a target date but no start.
    private static let walkFiftyKilometres = """
        ---
        title: Walk 50 km
        target: 2026-11-10
        term: 7
        targets:
          km: 50
        values:
          health: 9
        ---
        ## Action plan
        - Walk to work.
        """

    private static func linksOutside(_ context: RuleContext) -> [Finding] {
        var found: [Finding] = []
        let windows = context.goalWindows
        let actions = context.ledger.actions
        let facts = context.actionFacts
        for i in facts.indices where facts[i].hasLinks {
            let date = CivilDate(dayNumber: Int(facts[i].day))
            // The action itself is read only for a second link (and a finding).
            for k in 0..<context.linkCount(of: i) {
                guard let g = context.goal(ofLink: k, action: i), windows[g].isOrdered, !windows[g].contains(date)
                else { continue }
                let goal = context.ledger.goals[g]
                found.append(
                    Finding(
                        .linkOutsideWindow,
                        SourceLocation(
                            path: actions[i].path, line: actions[i].line, column: actions[i].links[k].column),
                        "action dated \(date) links '\(goal.id)' outside its window \(RuleContext.window(goal)); it "
                            + "still counts"
                    ))
            }
        }
        return found
    }
}
