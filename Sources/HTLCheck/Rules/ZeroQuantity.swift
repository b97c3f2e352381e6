import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A quantity of 0.
    static let zeroQuantity = RuleDescriptor(
        .zeroQuantity, .error,
        summary: "a quantity of 0",
        failing: .file("log/2026.log", "2026-11-20 Rest day ‸0km +run-100km\n"),
        passing: .file("log/2026.log", "2026-11-20 Rest day +run-100km\n"),
        reportedBy: .logParser)
}
