import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A log line that is not blank, a comment or an action.
    static let badLogLine = RuleDescriptor(
        .badLogLine, .error,
        summary: "a log line that is not blank, a comment or an action",
        failing: .file("log/2026.log", "2026-11-20 Run 5km +run-100km\n‸20/11/2026 Run 5km\n"),
        passing: .file("log/2026.log", "2026-11-20 Run 5km +run-100km\n# 20/11: a rest day\n"),
        reportedBy: .logParser)
}
