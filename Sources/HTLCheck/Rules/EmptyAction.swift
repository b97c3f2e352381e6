import HTLCore
import HTLModel

extension RuleDescriptor {
    /// An action with no description, quantity or link.
    static let emptyAction = RuleDescriptor(
        .emptyAction, .error,
        summary: "an action with no description, quantity or link",
        failing: .file("log/2026.log", "2026-11-20 Run 5km +run-100km\n‸2026-11-21 07:10 #running\n"),
        passing: .file("log/2026.log", "2026-11-20 Run 5km +run-100km\n2026-11-21 07:10 Easy run #running\n"),
        reportedBy: .logParser)
}
