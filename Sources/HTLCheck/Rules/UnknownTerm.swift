import HTLCore
import HTLModel

extension RuleDescriptor {
    static let unknownTerm = RuleDescriptor(
        .unknownTerm, .error,
        summary: "a goal names a term number that no term has",
        failing: RuleExample(
            [
                ("goals/run-100km.md", RuleExample.goal(["term": "term: ①9"])),
                (
                    "goals/race-10k.md",
                    """
                    ---
                    title: 10k race
                    kind: milestone
                    target: 2027-01-17
                    term: [7, ②8]
                    targets:
                      km: 10
                    values:
                      health: 9
                    ---
                    """
                ),
            ],
            finds: [
                "①": "no term has number 9 (terms are 7)",
                "②": "no term has number 8 (terms are 7)",
            ]),
        passing: RuleExample([
            (
                "terms/term-8.md",
                """
                ---
                number: 8
                start: 2027-01-11
                ---
                """
            ),
            (
                "goals/race-10k.md",
                """
                ---
                title: 10k race
                kind: milestone
                target: 2027-01-17
                term: [7, 8]
                targets:
                  km: 10
                values:
                  health: 9
                ---
                """
            ),
        ]),
        check: unknownTerms)

    private static func unknownTerms(_ context: RuleContext) -> [Finding] {
        // A term file that could not be read may be the one with the number.
        guard context.parse.unloadedTermIDs.isEmpty else { return [] }
        let numbers = context.ledger.terms.map(\.number).sorted()
        return context.ledger.goals.flatMap { goal in
            goal.terms.compactMap { reference in
                guard context.termsByNumber[reference.number] == nil else { return nil }
                let known =
                    numbers.isEmpty
                    ? "there are no terms" : "terms are " + numbers.map(String.init).joined(separator: ", ")
                return Finding(.unknownTerm, reference.location, "no term has number \(reference.number) (\(known))")
            }
        }
    }
}
