import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A quantity of 0, however written. Found while reading the log, not
    /// here: `LineScanner.readQuantity` (Sources/HTLParse/LineScanner.swift).
    static let zeroQuantity = RuleDescriptor(
        .zeroQuantity, .error,
        summary: "a quantity of 0",
        failing: .file(
            "log/2026.log",
            """
            2026-11-20 Rest day ①0km +run-100km
            2026-11-21 Stretch 20min ②0.0km +run-100km
            2026-11-21 Correction ③-0km +run-100km
            """,
            finds: [
                "①": "a quantity of 0 km counts for nothing; remove it",
                "②": "a quantity of 0 km counts for nothing; remove it",
                "③": "a quantity of 0 km counts for nothing; remove it",
            ]),
        passing: .file(
            "log/2026.log",
            """
            2026-11-20 Rest day +run-100km
            2026-11-21 Run 10km with 0 falls +run-100km
            """),
        reportedBy: .logParser)
}
