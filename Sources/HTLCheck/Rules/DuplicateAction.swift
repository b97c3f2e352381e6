import HTLCore
import HTLModel

extension RuleDescriptor {
    /// The same action logged twice: a line identical (date and canonical
    /// text) to an earlier one in the same file. Both count; the warning asks.
    /// Found while reading the log, not here: `LogParser.merge`
    /// (Sources/HTLParse/LogParser.swift) places the repeats `RepeatSearch`
    /// (Sources/HTLParse/RepeatSearch.swift) finds by the hash of each
    /// line's canonical form (`CanonicalLogLine.hash`), looked for only when
    /// the rule is on (`LedgerLoader`).
    static let duplicateAction = RuleDescriptor(
        .duplicateAction, .warning,
        summary: "a log line identical (date and canonical text) to an earlier one in the same file",
        failing: .file(
            "log/2026.log",
            """
            2026-11-20 Run 5km +run-100km
            ①2026-11-20 Run 5km +run-100km
            2026-11-21 07:00 Run 5km +run-100km
            ②③2026-11-21  07:00  Run 5km +run-100km
            """,
            finds: [
                "①": "this action repeats line 1 (logged twice?)",
                "②": "this action repeats line 3 (logged twice?)",
                "③": .also(.unformatted, "htl fmt would change this file from line 4"),
            ]),
        passing: .file(
            "log/2026.log",
            """
            2026-11-20 Run 5km +run-100km
            2026-11-21 Run 5km +run-100km
            2026-11-21 07:00 Run 5km +run-100km
            2026-11-21 Run 5kilometre +run-100km
            """),
        reportedBy: .logParser)
}
