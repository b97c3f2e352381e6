import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A file name that is not a valid id (values, terms, goals), or a
    /// measure name that is not one (found while reading measures.yaml).
    static let badID = RuleDescriptor(
        .badID, .error,
        summary: "a file name or measure name that is not a valid id",
        failing: .file("goals/‸Run Far.md", RuleExample.goal(["title": "title: Run far"])),
        passing: .file("goals/run-far.md", RuleExample.goal(["title": "title: Run far"])),
        check: badIDs)

    private static func badIDs(_ context: RuleContext) -> [Finding] {
        let ledger = context.ledger
        var found: [Finding] = []
        // A file's place is worked out only for a finding (most ids are fine).
        func check(_ id: String, _ location: () -> SourceLocation) {
            guard !Identifier.isValidEntityID(id) else { return }
            let reason = id.utf8.count > Identifier.maxLength
                ? "longer than \(Identifier.maxLength) characters"
                : "not a valid id: use lowercase letters, digits and '-', starting with a letter or digit"
            found.append(Finding(.badID, location(), "file name '\(id)' is \(reason)",
                                 help: Identifier.suggestedID(id).map { "rename it to '\($0).md'" }, wholeFile: true))
        }
        for value in ledger.values { check(value.id) { value.location } }
        for term in ledger.terms { check(term.id) { term.location } }
        for goal in ledger.goals { check(goal.id) { goal.location } }
        return found
    }
}
