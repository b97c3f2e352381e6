import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A target names an undeclared measure (a conversion to one is found
    /// while reading measures.yaml).
    static let unknownMeasure = RuleDescriptor(
        .unknownMeasure, .error,
        summary: "a target or conversion names an undeclared measure",
        failing: .file("goals/run-100km.md", RuleExample.goal(["targets": "targets:\n  ‸miles: 60"])),
        passing: .file("goals/run-100km.md", RuleExample.goal(["targets": "targets:\n  km: 100"])),
        check: unknownMeasures)

    private static func unknownMeasures(_ context: RuleContext) -> [Finding] {
        // measures.yaml unreadable: one finding about it stands for these.
        guard !context.parse.measuresUnreadable else { return [] }
        let measures = context.ledger.measures
        let suggestions = SuggestionCache()
        return context.ledger.goals.flatMap { goal in
            goal.targets.compactMap { target in
                guard measures.measureID(for: target.measure) == nil else { return nil }
                return Finding(.unknownMeasure, target.location,
                               "unknown measure '\(target.measure)'" + suggestions.didYouMean(target.measure, measures.allNames),
                               help: "declare it in measures.yaml")
            }
        }
    }
}
