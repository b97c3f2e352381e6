import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A log quantity's unit is not a measure id or alias.
    static let unknownUnit = RuleDescriptor(
        .unknownUnit, .error,
        summary: "a log quantity's unit is not a measure id or alias",
        failing: .file("log/2026.log", "2026-11-20 Run 5‸kms +run-100km\n"),
        passing: .file("log/2026.log", "2026-11-20 Came 2nd in the 5km run +run-100km\n"),
        reportedBy: .logParser)
}
