import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A goal's window does not overlap a term it is committed to: it ends
    /// before the term starts, or starts after it ends (a goal with no
    /// start, only by its target).
    static let goalOutsideTerm = RuleDescriptor(
        .goalOutsideTerm, .warning,
        summary: "a goal's dates do not overlap a term it is committed to",
        failing: RuleExample(
            [
                (
                    "goals/swim.md",
                    RuleExample.goal([
                        "title": "title: Swim 20 km", "start": "start: 2026-08-03",
                        "target": "target: 2026-10-11", "term": "term: ①7",
                        "targets": "targets:\n  km: 20", "tags": "",
                    ])
                ),
                (
                    "goals/ski.md",
                    RuleExample.goal([
                        "title": "title: Ski 200 km", "start": "start: 2027-01-11",
                        "target": "target: 2027-02-28", "term": "term: [②7, 8]",
                        "targets": "targets:\n  km: 200", "tags": "",
                    ])
                ),
                (
                    "goals/sprint.md",
                    """
                    ---
                    title: Sprint
                    kind: milestone
                    target: 2026-10-30
                    term: ③7
                    targets:
                      km: 20
                    values:
                      health: 9
                    ---
                    """
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
                "①": "the goal's window [2026-08-03, 2026-10-11] does not overlap term 7 (2026-11-02 to 2027-01-10)",
                "②": "the goal's window [2027-01-11, 2027-02-28] does not overlap term 7 (2026-11-02 to 2027-01-10)",
                "③": "the goal's window […, 2026-10-30] does not overlap term 7 (2026-11-02 to 2027-01-10)",
            ]),
        passing: .file(
            "goals/swim.md",
            RuleExample.goal([
                "title": "title: Swim 20 km", "start": "start: 2026-08-03",
                "target": "target: 2026-11-02",
                "targets": "targets:\n  km: 20", "tags": "",
            ])),
        check: outsideTerms)

    private static func outsideTerms(_ context: RuleContext) -> [Finding] {
        var found: [Finding] = []
        for goal in context.ledger.goals where (goal.start != nil || goal.target != nil) && goal.hasOrderedWindow {
            for reference in goal.terms {
                guard let term = context.termsByNumber[reference.number] else { continue }
                let startsAfter = goal.start.map { $0 > term.end } ?? false
                let endsBefore = goal.target.map { $0 < term.start } ?? false
                if startsAfter || endsBefore {
                    found.append(
                        Finding(
                            .goalOutsideTerm, reference.location,
                            "the goal's window \(RuleContext.window(goal)) does not overlap term \(term.number) "
                                + "(\(term.start) to \(term.end))"
                        ))
                }
            }
        }
        return found
    }
}
