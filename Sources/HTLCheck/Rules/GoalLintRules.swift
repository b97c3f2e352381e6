import HTLCore
import HTLFormat
import HTLModel
import HTLParse
import HTLProgress

/// Advice on goals and values that are legal but weak (warnings).
enum GoalLintRules {
    static func notMeasurable(_ context: RuleContext) -> [Diagnostic] {
        context.ledger.goals.compactMap { goal in
            guard !context.ledger.pathsWithErrors.contains(goal.path) else { return nil }
            guard goal.targets.isEmpty, goal.checklist.isEmpty else { return nil }
            return Diagnostic(.goalNotMeasurable, goal.location, "\(goal.kind.rawValue) '\(goal.id)' has no targets and no checklist",
                              help: "add 'targets:' (e.g. km: 100) or a checklist of '- [ ]' items", wholeFile: true)
        }
    }

    static func notTimeBound(_ context: RuleContext) -> [Diagnostic] {
        context.ledger.goals.compactMap { goal in
            guard !context.ledger.pathsWithErrors.contains(goal.path) else { return nil }
            guard goal.kind == .goal, goal.target == nil else { return nil }
            return Diagnostic(.goalNotTimeBound, goal.location, "goal has no target date", wholeFile: true)
        }
    }

    static func noValues(_ context: RuleContext) -> [Diagnostic] {
        context.ledger.goals.compactMap { goal in
            guard !context.ledger.pathsWithErrors.contains(goal.path) else { return nil }
            guard goal.values.isEmpty else { return nil }
            return Diagnostic(.goalNoValues, goal.location, "\(goal.kind.rawValue) '\(goal.id)' is aligned to no value",
                              help: "add 'values:' with a value id and a strength 1-10", wholeFile: true)
        }
    }

    static func noPlan(_ context: RuleContext) -> [Diagnostic] {
        context.ledger.goals.compactMap { goal in
            guard !context.ledger.pathsWithErrors.contains(goal.path) else { return nil }
            guard goal.kind == .goal, !goal.hasActionPlan else { return nil }
            return Diagnostic(.goalNoPlan, goal.location, "goal has no '## Action plan' section", wholeFile: true)
        }
    }

    static func valueNoGuidance(_ context: RuleContext) -> [Diagnostic] {
        context.ledger.values.compactMap { value in
            guard !context.ledger.pathsWithErrors.contains(value.path) else { return nil }
            guard value.level == .major, value.guidance == nil else { return nil }
            return Diagnostic(.valueNoGuidance, value.location, "major value '\(value.id)' has no guidance",
                              help: "add 'guidance:' saying how you live this value", wholeFile: true)
        }
    }
}
