import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A goal's window is longer than 1.5 times its term: the span of the
    /// terms it is committed to, or one term of `term_weeks` when it names
    /// none.
    static let goalLongerThanTerm = RuleDescriptor(
        .goalLongerThanTerm, .warning,
        summary: "a goal's window is longer than 1.5 times its term",
        failing: RuleExample(
            [
                (
                    "goals/run-100km.md",
                    RuleExample.goal(["start": "start: ①2026-11-02", "target": "target: 2027-02-15"])
                ),
                (
                    "goals/walk-1000km.md",
                    RuleExample.goal([
                        "title": "title: Walk 1000 km", "start": "start: ②2026-11-02",
                        "target": "target: 2027-12-31", "term": "",
                        "targets": "targets:\n  km: 1000", "tags": "",
                    ])
                ),
                (
                    "goals/swim-100km.md",
                    RuleExample.goal([
                        "title": "title: Swim 100 km", "start": "start: ③2026-11-02",
                        "target": "target: 2027-09-30", "term": "term: [7, 8]",
                        "tags": "",
                    ])
                ),
                (
                    "terms/term-8.md",
                    """
                    ---
                    number: 8
                    start: 2027-01-11
                    ---
                    """
                ),
            ],
            finds: [
                "①": "the goal spans 106 days, more than 1.5 × term 7 (70 days)",
                "②": "the goal spans 425 days, more than 1.5 × a term of 10 weeks (70 days)",
                "③": "the goal spans 333 days, more than 1.5 × its terms (140 days)",
            ]),
        passing: .file("goals/run-100km.md", RuleExample.goal(["target": "target: 2027-02-14"])),
        check: tooLong)

    private static func tooLong(_ context: RuleContext) -> [Finding] {
        var found: [Finding] = []
        for goal in context.ledger.goals {
            guard let start = goal.start, let target = goal.target, start <= target else { continue }
            // The span of the terms it commits to, read in place (no lists per goal).
            var committed: (first: CivilDate, last: CivilDate, count: Int, number: Int)?
            for reference in goal.terms {
                guard let term = context.termsByNumber[reference.number] else { continue }
                committed =
                    committed.map { (min($0.first, term.start), max($0.last, term.end), $0.count + 1, $0.number) }
                    ?? (term.start, term.end, 1, term.number)
            }
            let termDays = committed.map { $0.first.days(until: $0.last) + 1 } ?? context.ledger.settings.termWeeks * 7
            let days = start.days(until: target) + 1
            guard 2 * days > 3 * termDays else { continue }
            let what =
                committed.map { $0.count == 1 ? "term \($0.number)" : "its terms" }
                ?? "a term of \(context.ledger.settings.termWeeks) weeks"
            found.append(
                Finding(
                    .goalLongerThanTerm, goal.startLocation ?? goal.location,
                    "the goal spans \(days) days, more than 1.5 × \(what) (\(termDays) days)",
                    help: "split it into milestones, one per term"))
        }
        return found
    }
}
