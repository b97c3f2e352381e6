import HTLCore
import HTLModel

extension RuleDescriptor {
    /// Two quantities of one measure in one action (an alias is its
    /// measure; measures that convert to each other stay two). Found while
    /// reading the log, not here: `LineScanner.readQuantity`
    /// (Sources/HTLParse/LineScanner.swift).
    static let duplicateQuantity = RuleDescriptor(
        .duplicateQuantity, .error,
        summary: "two quantities of one measure in one action",
        failing: .file(
            "log/2026.log",
            """
            2026-11-20 Two runs 5km ①3kilometre +run-100km
            2026-11-21 Three runs 5km ②3km ③2km +run-100km
            """,
            finds: [
                "①": "a second quantity of km in one action (first at column 21)",
                "②": "a second quantity of km in one action (first at column 23)",
                "③": "a second quantity of km in one action (first at column 23)",
            ]),
        passing: .file(
            "log/2026.log",
            """
            2026-11-20 Two runs 8km +run-100km
            2026-11-21 Run 20km in 2hours 5min +run-100km
            """),
        reportedBy: .logParser)
}
