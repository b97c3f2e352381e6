import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A target or cadence names an undeclared measure (`actions` is always
    /// known), checked here (`unknownMeasures`); or a conversion does, found
    /// while reading measures.yaml: `MeasuresDecoder.checkConversions`
    /// (Sources/HTLParse/MeasuresDecoder.swift).
    static let unknownMeasure = RuleDescriptor(
        .unknownMeasure, .error,
        summary: "a target, cadence or conversion names an undeclared measure",
        failing: RuleExample(
            [
                (
                    "goals/run-100km.md",
                    RuleExample.goal(
                        ["targets": "targets:\n  ①kms: 100"],
                        adding: ["cadence:\n  ②runs: 3/week"])
                ),
                (
                    "measures.yaml",
                    """
                    km:
                      type: distance
                      aliases: [kilometre]
                    min:
                      type: time
                    hours:
                      type: time
                      equals: ③60 mins
                    """
                ),
            ],
            finds: [
                "①": "unknown measure 'kms' (did you mean 'km'?)",
                "②": "unknown measure 'runs'",
                "③": "conversion to unknown measure 'mins' (did you mean 'min'?)",
            ]),
        passing: .file("goals/run-100km.md", RuleExample.goal(adding: ["cadence:\n  actions: 3/week"])),
        check: unknownMeasures)

    private static func unknownMeasures(_ context: RuleContext) -> [Finding] {
        // measures.yaml unreadable: one finding about it stands for these.
        guard !context.parse.measuresUnreadable else { return [] }
        let measures = context.ledger.measures
        let suggestions = SuggestionCache()
        let known = measures.allNames + [Goal.actionsMeasure]
        func unknown(_ measure: String, _ location: SourceLocation) -> Finding? {
            guard measure != Goal.actionsMeasure, measures.measureID(for: measure) == nil else { return nil }
            return Finding(
                .unknownMeasure, location,
                "unknown measure '\(measure)'" + suggestions.didYouMean(measure, known),
                help: "declare it in measures.yaml, or count actions with 'actions'")
        }
        // Each list read where it is: no list of names built per goal.
        return context.ledger.goals.flatMap { goal in
            goal.targets.compactMap { unknown($0.measure, $0.location) }
                + goal.cadences.compactMap { unknown($0.measure, $0.location) }
        }
    }
}
