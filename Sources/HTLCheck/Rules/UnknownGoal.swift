import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A log line links to an undeclared goal; links on lines rejected for
    /// another reason are checked too, so one run shows both problems (the
    /// log parser keeps them: `LogParse.rejectedLinks` in
    /// Sources/HTLParse/LogParser.swift, gathered into
    /// `ParseContext.linksOnRejectedLines`).
    static let unknownGoal = RuleDescriptor(
        .unknownGoal, .error,
        summary: "a log line links to an undeclared goal",
        failing: .file(
            "log/2026.log",
            """
            2026-11-20 Run 5km ①+run-100
            2026-11-21 Run 5km ②+Run-100km
            2026-11-21 Swim 1③kms ④+swim
            """,
            finds: [
                "①": "unknown goal '+run-100' (did you mean 'run-100km'?)",
                "②": """
                '+Run-100km' is not a goal id: ids are lowercase letters, digits and '-' \
                (did you mean 'run-100km'?)
                """,
                "③": .also(.unknownUnit, "unknown unit 'kms' (did you mean 'km'?)"),
                "④": "unknown goal '+swim'",
            ]),
        passing: .file(
            "log/2026.log",
            """
            2026-11-20 Run 5km +run-100km
            2026-11-21 Ran 5km with + friends +run-100km
            """),
        weight: 1, check: unknownGoals)

    private static func unknownGoals(_ context: RuleContext) -> [Finding] {
        var found: [Finding] = []
        let suggestions = SuggestionCache()
        let names = context.ledger.goals.map(\.id)
        func check(_ goal: String, at location: SourceLocation) {
            guard !context.parse.unloadedGoalIDs.contains(goal) else { return }
            let suggestion = suggestions.didYouMean(goal, names)
            if Identifier.isValidEntityID(goal) {
                // A committed line cannot be edited: the way out is to keep the goal, dropped.
                found.append(
                    Finding(
                        .unknownGoal, location, "unknown goal '+\(goal)'" + suggestion,
                        help:
                            "fix the link; or, if goals/\(goal).md was deleted, restore it with 'status: dropped' "
                            + "(committed actions keep their goal)"
                    ))
            } else {
                found.append(
                    Finding(
                        .unknownGoal, location,
                        "'+\(goal)' is not a goal id: ids are lowercase letters, digits and '-'" + suggestion))
            }
        }
        let actions = context.ledger.actions
        let facts = context.actionFacts
        for i in facts.indices where facts[i].hasLinks {
            // The action itself is read only for a second link (and a finding).
            for k in 0..<context.linkCount(of: i) where context.goal(ofLink: k, action: i) == nil {
                let link = actions[i].links[k]
                check(link.goal, at: SourceLocation(path: actions[i].path, line: actions[i].line, column: link.column))
            }
        }
        for rejected in context.parse.linksOnRejectedLines where context.goalPosition(of: rejected.goal) == nil {
            check(rejected.goal, at: rejected.location)
        }
        return found
    }
}
