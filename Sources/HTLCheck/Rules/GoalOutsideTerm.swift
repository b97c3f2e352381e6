import HTLCore
import HTLModel

extension RuleDescriptor {
    static let goalOutsideTerm = RuleDescriptor(
        .goalOutsideTerm, .warning,
        summary: "a goal's dates do not overlap a term it is committed to",
        failing: .file("goals/swim.md", RuleExample.goal(["title": "title: Swim 20 km", "start": "start: 2026-08-03",
                                                           "target": "target: 2026-10-11", "term": "term: ‸7"])),
        passing: .file("goals/swim.md", RuleExample.goal(["title": "title: Swim 20 km"])),
        check: outsideTerms)

    private static func outsideTerms(_ context: RuleContext) -> [Finding] {
        var found: [Finding] = []
        for goal in context.ledger.goals where (goal.start != nil || goal.target != nil) && goal.hasOrderedWindow {
            for reference in goal.terms {
                guard let term = context.termsByNumber[reference.number] else { continue }
                let startsAfter = goal.start.map { $0 > term.end } ?? false
                let endsBefore = goal.target.map { $0 < term.start } ?? false
                if startsAfter || endsBefore {
                    found.append(Finding(.goalOutsideTerm, reference.location,
                                         "the goal's window \(RuleContext.window(goal)) does not overlap term \(term.number) (\(term.start) to \(term.end))"))
                }
            }
        }
        return found
    }
}
