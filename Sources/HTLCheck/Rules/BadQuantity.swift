import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A token that is almost a quantity (.5km, 5.km, 5,5km, 5_000km, 1e3km).
    static let badQuantity = RuleDescriptor(
        .badQuantity, .error,
        summary: "a token that is almost a quantity (.5km, 5.km, 5,5km, 5_000km, 1e3km)",
        failing: .file("log/2026.log", "2026-11-20 Swim ‸.5km +run-100km\n"),
        passing: .file("log/2026.log", "2026-11-20 Swim 0.5km +run-100km\n"),
        reportedBy: .logParser)
}
