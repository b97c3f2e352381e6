import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A file name that is not a valid id (values, terms, goals), checked
    /// here (`badIDs`), or a measure's id or alias that is not one, found
    /// while reading measures.yaml: `MeasuresDecoder.decode`
    /// (Sources/HTLParse/MeasuresDecoder.swift).
    static let badID = RuleDescriptor(
        .badID, .error,
        summary: "a file name or measure name that is not a valid id",
        failing: RuleExample(
            [
                ("goals/①Run Far.md", RuleExample.goal(["title": "title: Run far"])),
                (
                    "goals/②run-100-km-before-the-new-year-with-friends-from-the-running-club.md",
                    RuleExample.goal(["title": "title: Run with friends"])
                ),
                (
                    "measures.yaml",
                    """
                    km:
                      type: distance
                      aliases: [kilometre, ③K-M]
                    min:
                      type: time
                    ④Hours:
                      type: time
                      equals: 60 min
                    """
                ),
            ],
            finds: [
                "①": """
                file name 'Run Far' is not a valid id: use lowercase letters, digits and '-', \
                starting with a letter or digit
                """,
                "②": """
                file name 'run-100-km-before-the-new-year-with-friends-from-the-running-club' \
                is longer than 64 characters
                """,
                "③": "alias 'K-M' must be lowercase letters, digits and '_', starting with a letter",
                "④": "measure id 'Hours' must be lowercase letters, digits and '_', starting with a letter",
            ]),
        passing: RuleExample([
            ("goals/run-far-2.md", RuleExample.goal(["title": "title: Run far"])),
            (
                "measures.yaml",
                """
                km:
                  type: distance
                  aliases: [kilometre, k_m]
                min:
                  type: time
                hours:
                  type: time
                  equals: 60 min
                laps_25m:
                  type: count
                """
            ),
        ]),
        check: badIDs)

    private static func badIDs(_ context: RuleContext) -> [Finding] {
        let ledger = context.ledger
        var found: [Finding] = []
        // A file's place is worked out only for a finding (most ids are fine).
        func check(_ id: String, _ location: () -> SourceLocation) {
            guard !Identifier.isValidEntityID(id) else { return }
            let reason =
                id.utf8.count > Identifier.maxLength
                ? "longer than \(Identifier.maxLength) characters"
                : "not a valid id: use lowercase letters, digits and '-', starting with a letter or digit"
            found.append(
                Finding(
                    .badID, location(), "file name '\(id)' is \(reason)",
                    help: Identifier.suggestedID(id).map { "rename it to '\($0).md'" }, wholeFile: true))
        }
        for value in ledger.values { check(value.id) { value.location } }
        for term in ledger.terms { check(term.id) { term.location } }
        for goal in ledger.goals { check(goal.id) { goal.location } }
        return found
    }
}
