import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A required key is absent. Most are found while reading a file; one
    /// needs the terms: a cadence needs a start, the goal's own or its
    /// earliest committed term's (FORMAT.md §8).
    static let missingField = RuleDescriptor(
        .missingField, .error,
        summary: "a required key is absent",
        failing: .file("goals/run-100km.md", "‸" + RuleExample.goal(["title": ""])),
        passing: .file("goals/run-100km.md", RuleExample.goal()),
        reportedBy: .fileReader,
        check: cadenceWithoutStart)

    private static func cadenceWithoutStart(_ context: RuleContext) -> [Finding] {
        let terms = Set(context.ledger.terms.map(\.number))
        return context.ledger.goals.compactMap { goal in
            guard let first = goal.cadences.first, goal.start == nil,
                  !goal.terms.contains(where: { terms.contains($0.number) }) else { return nil }
            return Finding(.missingField, first.location, "a cadence needs a start: \(goal.kind.rawValue) '\(goal.id)' has no 'start:' and no term",
                           help: goal.kind == .milestone ? "commit it to a term (term: N)" : "add 'start: YYYY-MM-DD' or commit it to a term (term: N)")
        }
    }
}
