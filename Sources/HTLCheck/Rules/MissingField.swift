import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A required key is absent. Most are found while reading a file:
    /// `GoalDecoder.decode` (Sources/HTLParse/GoalDecoder.swift) for a goal's
    /// title and a milestone's or obligation's target, `TermDecoder.decode`
    /// for a term's number and start, `ValueDecoder.decode` for a value's
    /// title, `SettingsDecoder.decode` for `htl: 1` in htl.yaml, and
    /// `YAMLFile.takeRootMapping` (Sources/HTLParse/YAMLFile.swift) for empty
    /// front matter. One needs the terms and is checked here
    /// (`cadenceWithoutStart`): a cadence needs a start, the goal's own or
    /// its earliest committed term's (FORMAT.md §8).
    static let missingField = RuleDescriptor(
        .missingField, .error,
        summary: "a required key is absent",
        failing: RuleExample(
            [
                ("goals/①run-100km.md", RuleExample.goal(["title": ""])),
                (
                    "goals/②race-10k.md",
                    """
                    ---
                    title: 10k race
                    kind: milestone
                    term: 7
                    targets:
                      km: 10
                    values:
                      health: 9
                    ---
                    """
                ),
                (
                    "goals/swim.md",
                    """
                    ---
                    title: Swim weekly
                    values:
                      health: 8
                    cadence:
                      ③actions: 2/week
                    ---
                    ## Action plan
                    - Swim twice a week.
                    """
                ),
                (
                    "terms/④term-8.md",
                    """
                    ---
                    number: 8
                    ---
                    """
                ),
                (
                    "values/⑤rest.md",
                    """
                    ---
                    ---
                    """
                ),
                ("⑥htl.yaml", "title: Example ledger"),
            ],
            finds: [
                "①": "goal 'run-100km' has no title",
                "②": "a milestone needs a target date ('target: YYYY-MM-DD')",
                "③": "a cadence needs a start: goal 'swim' has no 'start:' and no term",
                "④": "term 'term-8' has no start",
                "⑤": "the front matter is empty",
                "⑥": "htl.yaml must declare the format version: 'htl: 1'",
            ]),
        passing: RuleExample([
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
            (
                "goals/swim.md",
                """
                ---
                title: Swim weekly
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
        reportedBy: .fileReader,
        check: cadenceWithoutStart)

    private static func cadenceWithoutStart(_ context: RuleContext) -> [Finding] {
        let terms = Set(context.ledger.terms.map(\.number))
        return context.ledger.goals.compactMap { goal in
            guard let first = goal.cadences.first, goal.start == nil,
                !goal.terms.contains(where: { terms.contains($0.number) })
            else { return nil }
            return Finding(
                .missingField, first.location,
                "a cadence needs a start: \(goal.kind.rawValue) '\(goal.id)' has no 'start:' and no term",
                help: goal.kind == .milestone
                    ? "commit it to a term (term: N)" : "add 'start: YYYY-MM-DD' or commit it to a term (term: N)")
        }
    }
}
