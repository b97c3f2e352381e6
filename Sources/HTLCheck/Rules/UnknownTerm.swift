import HTLCore
import HTLModel

extension RuleDescriptor {
    static let unknownTerm = RuleDescriptor(
        .unknownTerm, .error,
        summary: "a goal names a term number that no term has",
        failing: .file("goals/run-100km.md", RuleExample.goal(["term": "term: ‸9"])),
        passing: .file("goals/run-100km.md", RuleExample.goal(["term": "term: 7"])),
        check: unknownTerms)

    private static func unknownTerms(_ context: RuleContext) -> [Finding] {
        // A term file that could not be read may be the one with the number.
        guard context.parse.unloadedTermIDs.isEmpty else { return [] }
        let numbers = context.ledger.terms.map(\.number).sorted()
        return context.ledger.goals.flatMap { goal in
            goal.terms.compactMap { reference in
                guard context.termsByNumber[reference.number] == nil else { return nil }
                let known = numbers.isEmpty ? "there are no terms" : "terms are " + numbers.map(String.init).joined(separator: ", ")
                return Finding(.unknownTerm, reference.location, "no term has number \(reference.number) (\(known))")
            }
        }
    }
}
