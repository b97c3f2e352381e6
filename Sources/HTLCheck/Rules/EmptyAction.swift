import HTLModel

extension RuleDescriptor {
    /// An action with no description, quantity or link: a date with nothing
    /// after it but a time, tags or empty quotes. Found while reading the
    /// log, not here: `LineScanner.parse` (Sources/HTLParse/LineScanner.swift).
    static let emptyAction = RuleDescriptor(
        .emptyAction, .error,
        summary: "an action with no description, quantity or link",
        failing: .file(
            "log/2026.log",
            """
            2026-11-20 Run 5km +run-100km
            ①2026-11-21
            ②2026-11-21 07:10 #running
            ③2026-11-21 "" #running
            """,
            finds: [
                "①": "the action has no description, quantity or link",
                "②": "the action has no description, quantity or link",
                "③": "the action has no description, quantity or link",
            ]),
        passing: .file(
            "log/2026.log",
            """
            2026-11-20 Run 5km +run-100km
            2026-11-21 07:10 Easy run #running
            2026-11-21 +run-100km
            2026-11-21 3km #running
            """),
        reportedBy: .logParser)
}
