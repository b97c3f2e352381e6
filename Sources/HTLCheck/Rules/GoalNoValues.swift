import HTLCore
import HTLModel

extension RuleDescriptor {
    static let goalNoValues = RuleDescriptor(
        .goalNoValues, .warning,
        summary: "a goal aligned to no value",
        failing: .file("goals/run-100km.md", "‸" + RuleExample.goal(["values": ""])),
        passing: .file("goals/run-100km.md", RuleExample.goal()),
        check: noValues)

    private static func noValues(_ context: RuleContext) -> [Finding] {
        context.ledger.goals.compactMap { goal in
            guard !context.pathsWithErrors.contains(goal.path), goal.values.isEmpty else { return nil }
            return Finding(.goalNoValues, goal.location, "\(goal.kind.rawValue) '\(goal.id)' is aligned to no value",
                           help: "add 'values:' with a value id and a strength 1-10", wholeFile: true)
        }
    }
}
