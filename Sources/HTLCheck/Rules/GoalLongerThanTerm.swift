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
            // The span of the terms it commits to, read in place (no lists per goal).
            var committed: (first: CivilDate, last: CivilDate, count: Int, number: Int)?
            for reference in goal.terms {
                guard let term = context.termsByNumber[reference.number] else { continue }
                committed = committed.map { (min($0.first, term.start), max($0.last, term.end), $0.count + 1, $0.number) }
                    ?? (term.start, term.end, 1, term.number)
            }
            let termDays = committed.map { $0.first.days(until: $0.last) + 1 } ?? context.ledger.settings.termWeeks * 7
            let days = start.days(until: target) + 1
            guard 2 * days > 3 * termDays else { continue }
            let what = committed.map { $0.count == 1 ? "term \($0.number)" : "its terms" }
                ?? "a term of \(context.ledger.settings.termWeeks) weeks"
            found.append(Finding(.goalLongerThanTerm, goal.startLocation ?? goal.location,
                                 "the goal spans \(days) days, more than 1.5 × \(what) (\(termDays) days)",
                                 help: "split it into milestones, one per term"))
        }
        return found
    }
}
