import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A linked action dated outside the goal's window: it still counts.
    static let linkOutsideWindow = RuleDescriptor(
        .linkOutsideWindow, .warning,
        summary: "an action links a goal outside the goal's [start, target] window",
        failing: .file("log/2026.log", "2026-10-01 Run 5km ‸+run-100km\n"),
        passing: .file("log/2026.log", "2026-11-03 Run 5km +run-100km\n"),
        weight: 1, check: linksOutside)

    private static func linksOutside(_ context: RuleContext) -> [Finding] {
        var found: [Finding] = []
        let windows = context.goalWindows
        let actions = context.ledger.actions
        let facts = context.actionFacts
        for i in facts.indices where facts[i].hasLinks {
            let date = CivilDate(dayNumber: Int(facts[i].day))
            // The action itself is read only for a second link (and a finding).
            for k in 0..<context.linkCount(of: i) {
                guard let g = context.goal(ofLink: k, action: i), windows[g].isOrdered, !windows[g].contains(date) else { continue }
                let goal = context.ledger.goals[g]
                found.append(Finding(.linkOutsideWindow, SourceLocation(path: actions[i].path, line: actions[i].line, column: actions[i].links[k].column),
                                     "action dated \(date) links '\(goal.id)' outside its window \(RuleContext.window(goal)); it still counts"))
            }
        }
        return found
    }
}
