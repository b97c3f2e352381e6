import HTLCore
import HTLFormat
import HTLModel
import HTLParse
import HTLProgress

/// References between files: measures, values, terms and goals that must exist.
enum ReferenceRules {
    static func unknownMeasure(_ context: RuleContext) -> [Diagnostic] {
        let measures = context.ledger.measures
        let suggestions = SuggestionCache()
        guard !context.ledger.measuresUnreadable else { return [] }
        return context.ledger.goals.flatMap { goal in
            goal.targets.compactMap { target in
                guard measures.measureID(for: target.measure) == nil else { return nil }
                return Diagnostic(.unknownMeasure, target.location,
                                  "unknown measure '\(target.measure)'" + suggestions.didYouMean(target.measure, measures.allNames),
                                  help: "declare it in measures.yaml")
            }
        }
    }

    /// At most one target per measure: `km` and its alias `kilometres` are one measure.
    static func targetMeasureTwice(_ context: RuleContext) -> [Diagnostic] {
        let measures = context.ledger.measures
        var found: [Diagnostic] = []
        for goal in context.ledger.goals {
            var seen: [String: String] = [:]
            for target in goal.targets {
                guard let id = measures.measureID(for: target.measure) else { continue }
                if let first = seen[id] {
                    found.append(Diagnostic(.invalidValue, target.location,
                                            "a second target for measure '\(id)' (already targeted as '\(first)')"))
                } else {
                    seen[id] = target.measure
                }
            }
        }
        return found
    }

    static func unknownValue(_ context: RuleContext) -> [Diagnostic] {
        let ids = context.ledger.values.map(\.id)
        let suggestions = SuggestionCache()
        return context.ledger.goals.flatMap { goal in
            goal.values.compactMap { alignment in
                guard !context.valueIDs.contains(alignment.value),
                      !context.ledger.unloadedValueIDs.contains(alignment.value) else { return nil }
                return Diagnostic(.unknownValue, alignment.location,
                                  "unknown value '\(alignment.value)'" + suggestions.didYouMean(alignment.value, ids))
            }
        }
    }

    static func unknownTerm(_ context: RuleContext) -> [Diagnostic] {
        // A term file that could not be read may be the one with the number.
        guard context.ledger.unloadedTermIDs.isEmpty else { return [] }
        let numbers = context.ledger.terms.map(\.number).sorted()
        return context.ledger.goals.flatMap { goal in
            goal.terms.compactMap { reference in
                guard context.termsByNumber[reference.number] == nil else { return nil }
                let known = numbers.isEmpty ? "there are no terms" : "terms are " + numbers.map(String.init).joined(separator: ", ")
                return Diagnostic(.unknownTerm, reference.location, "no term has number \(reference.number) (\(known))")
            }
        }
    }

    static func unknownGoal(_ context: RuleContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let suggestions = SuggestionCache()
        let names = context.ledger.goals.map(\.id)
        func check(_ goal: String, at location: SourceLocation) {
            guard context.goalsByID[goal] == nil, !context.ledger.unloadedGoalIDs.contains(goal) else { return }
            let suggestion = suggestions.didYouMean(goal, names)
            if Identifier.isValidEntityID(goal) {
                found.append(Diagnostic(.unknownGoal, location, "unknown goal '+\(goal)'" + suggestion))
            } else {
                found.append(Diagnostic(.unknownGoal, location,
                                        "'+\(goal)' is not a goal id: ids are lowercase letters, digits and '-'" + suggestion))
            }
        }
        for action in context.ledger.actions {
            for link in action.links {
                check(link.goal, at: SourceLocation(path: action.path, line: action.line, column: link.column))
            }
        }
        for rejected in context.ledger.linksOnRejectedLines {
            check(rejected.goal, at: rejected.location)
        }
        return found
    }
}
