import HTLCore
import HTLModel

extension RuleDescriptor {
    /// Two quantities of one measure in one action.
    static let duplicateQuantity = RuleDescriptor(
        .duplicateQuantity, .error,
        summary: "two quantities of one measure in one action",
        failing: .file("log/2026.log", "2026-11-20 Two runs 5km ‸3kilometre +run-100km\n"),
        passing: .file("log/2026.log", "2026-11-20 Two runs 8km +run-100km\n"),
        reportedBy: .logParser)
}
