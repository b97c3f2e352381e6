import HTLCore
import HTLModel

extension RuleDescriptor {
    /// The same action logged twice: a line identical (date and canonical
    /// text) to an earlier one in the same file. Both count; the warning asks.
    static let duplicateAction = RuleDescriptor(
        .duplicateAction, .warning,
        summary: "a log line identical (date and canonical text) to an earlier one in the same file",
        failing: .file("log/2026.log", "2026-11-20 Run 5km +run-100km\n‸2026-11-20 Run 5km +run-100km\n"),
        passing: .file("log/2026.log", "2026-11-20 Run 5km +run-100km\n2026-11-21 Run 5km +run-100km\n"),
        reportedBy: .logParser)
}
