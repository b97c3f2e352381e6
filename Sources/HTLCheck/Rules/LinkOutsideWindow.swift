import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A linked action dated outside the goal's window: it still counts.
    static let linkOutsideWindow = RuleDescriptor(
        .linkOutsideWindow, .warning,
        summary: "an action links a goal outside the goal's [start, target] window",
        failing: .file("log/2026.log", "2026-10-01 Run 5km ‸+run-100km\n"),
        passing: .file("log/2026.log", "2026-11-03 Run 5km +run-100km\n"),
        check: linksOutside)

    private static func linksOutside(_ context: RuleContext) -> [Finding] {
        var found: [Finding] = []
        for action in context.ledger.actions {
            for link in action.links {
                guard let goal = context.goalsByID[link.goal], goal.hasOrderedWindow, !goal.windowContains(action.date) else { continue }
                found.append(Finding(.linkOutsideWindow, SourceLocation(path: action.path, line: action.line, column: link.column),
                                     "action dated \(action.date) links '\(goal.id)' outside its window \(RuleContext.window(goal)); it still counts"))
            }
        }
        return found
    }
}
