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
        return context.ledger.goals.flatMap { goal in
            goal.values.compactMap { alignment in
                guard !context.valueIDs.contains(alignment.value),
                    !context.parse.unloadedValueIDs.contains(alignment.value)
                else { return nil }
                return Finding(
                    .unknownValue, alignment.location,
                    "unknown value '\(alignment.value)'" + suggestions.didYouMean(alignment.value, ids))
            }
        }
    }
}
