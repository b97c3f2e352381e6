import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A log line that is not blank, a comment or an action. Found while
    /// reading the log, not here: `LineScanner` (Sources/HTLParse/LineScanner.swift),
    /// in `checkCharacters` (a control character), `readDate` (no date, or
    /// not a real one), `readTime`, `readQuoted` (a quote left open, no
    /// space after one) and `readTag`.
    static let badLogLine = RuleDescriptor(
        .badLogLine, .error,
        summary: "a log line that is not blank, a comment or an action",
        failing: .file(
            "log/2026.log",
            """
            2026-11-20 Run 5km +run-100km
            ①20/11/2026 Run 5km
            ②2026-02-30 Run 5km +run-100km
            2026-11-21 ③7:05 Run 5km +run-100km
            2026-11-21 Read ④"The Long Run +run-100km
            2026-11-21 Read "The Long Run"⑤twice +run-100km
            2026-11-21 Run 5km ⑥#1st-place! +run-100km
            2026-11-21 Run⑦\\x075km +run-100km
            """,
            finds: [
                "①": "a log line must start with a date YYYY-MM-DD (or '#' for a comment), found '20/11/2026'",
                "②": "2026-02-30 is not a real date: February 2026 has 28 days",
                "③": "invalid time '7:05': write HH:MM (24-hour)",
                "④": "unterminated quote: add a closing '\"'",
                "⑤": "put a space after the closing quote",
                "⑥": "invalid tag '#1st-place!': tags use letters, digits, '-' and '_'",
                "⑦": "control character U+0007 in a log line",
            ]),
        passing: .file(
            "log/2026.log",
            """
            2026-11-20 Run 5km +run-100km
            # 20/11: a rest day
            2026-11-21 07:05 Read "The Long Run" twice #reading-2026 "#1 fan"
            """),
        reportedBy: .logParser)
}
