import HTLCore
import HTLModel

extension RuleDescriptor {
    static let unknownValue = RuleDescriptor(
        .unknownValue, .error,
        summary: "a goal aligns to an undeclared value",
        failing: RuleExample(
            [
                ("goals/run-100km.md", RuleExample.goal(["values": "values:\n  ①helth: 9\n  ②career: 2"]))
            ],
            finds: [
                "①": "unknown value 'helth' (did you mean 'health'?)",
                "②": "unknown value 'career'",
            ]),
        passing: RuleExample([
            (
                "values/career.md",
                """
                ---
                title: Career
                ---
                """
            ),
            ("goals/run-100km.md", RuleExample.goal(["values": "values:\n  health: 9\n  career: 2"])),
        ]),
        check: unknownValues)

    private static func unknownValues(_ context: RuleContext) -> [Finding] {
        let ids = context.ledger.values.map(\.id)
        let suggestions = SuggestionCache()
        let sorted = Array(Set(ids)).sorted(by: ByteOrder.precedes)
        return context.ledger.goals.flatMap { goal in
            goal.values.compactMap { alignment in
                guard !context.valueIDs.contains(alignment.value),
                    !context.parse.unloadedValueIDs.contains(alignment.value)
                else { return nil }
                return Finding(
                    .unknownValue, alignment.location,
                    "unknown value '\(alignment.value)'" + suggestions.didYouMean(alignment.value, ids),
                    help: knownValues(sorted, missing: alignment.value))
            }
        }
    }

    /// The help of an unknown value: the ids a goal can align to, in byte
    /// order (the first twelve, then how many more), and how to add it:
    /// `the values are family, health; or add it with 'htl new value fitness'`.
    package static func knownValues(_ sorted: [String], missing id: String) -> String {
        let add = Identifier.isValidEntityID(id) ? "add it with 'htl new value \(id)'" : "add a value file"
        guard !sorted.isEmpty else { return "no value is declared yet: " + add }
        let shown = sorted.prefix(12).joined(separator: ", ")
        let more = sorted.count > 12 ? " and \(sorted.count - 12) more" : ""
        return "the values are \(shown)\(more); or " + add
    }
}
