import HTLCore
import HTLModel

extension RuleDescriptor {
    static let goalLongerThanTerm = RuleDescriptor(
        .goalLongerThanTerm, .warning,
        summary: "a goal's window is longer than 1.5 times its term",
        failing: .file("goals/run-100km.md", RuleExample.goal(["start": "start: ‸2026-07-01", "target": "target: 2027-03-31"])),
        passing: .file("goals/run-100km.md", RuleExample.goal()),
        check: tooLong)

    private static func tooLong(_ context: RuleContext) -> [Finding] {
        var found: [Finding] = []
        for goal in context.ledger.goals {
            guard let start = goal.start, let target = goal.target, start <= target else { continue }
            let committed = goal.terms.compactMap { context.termsByNumber[$0.number] }
            let termDays: Int
            let what: String
            if let first = committed.map(\.start).min(), let last = committed.map(\.end).max() {
                termDays = first.days(until: last) + 1
                what = committed.count == 1 ? "term \(committed[0].number)" : "its terms"
            } else {
                termDays = context.ledger.settings.termWeeks * 7
                what = "a term of \(context.ledger.settings.termWeeks) weeks"
            }
            let days = start.days(until: target) + 1
            if 2 * days > 3 * termDays {
                found.append(Finding(.goalLongerThanTerm, goal.startLocation ?? goal.location,
                                     "the goal spans \(days) days, more than 1.5 × \(what) (\(termDays) days)",
                                     help: "split it into milestones, one per term"))
            }
        }
        return found
    }
}
