import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A file (or a log line) that is not valid UTF-8: reported at its first
    /// bad byte. Found while reading, not here: `YAMLFile.checkedBytes`
    /// (Sources/HTLParse/YAMLFile.swift) for htl.yaml, measures.yaml and the
    /// Markdown files, which are then not read further; and
    /// `LineScanner.checkCharacters` (Sources/HTLParse/LineScanner.swift) for
    /// a log line, which alone is left out: the rest of the log is read.
    static let encoding = RuleDescriptor(
        .encoding, .error,
        summary: "the file is not valid UTF-8",
        failing: RuleExample(
            [
                (
                    "values/health.md",
                    """
                    ---
                    title: Health
                    level: major
                    guidance: Move every day, caf①\\xE9 after.
                    ---
                    """
                ),
                (
                    "htl.yaml",
                    """
                    htl: 1
                    title: Savings in ②\\xE2\\x82
                    """
                ),
                (
                    "log/2026.log",
                    """
                    2026-11-20 Run 5km +run-100km
                    2026-11-21 Caf③\\xE9 run 3km +run-100km
                    """
                ),
            ],
            finds: [
                "①": "the file is not valid UTF-8 (byte 0xE9)",
                "②": "the file is not valid UTF-8 (byte 0xE2)",
                "③": "the line is not valid UTF-8 (byte 0xE9)",
            ]),
        passing: RuleExample([
            (
                "values/health.md",
                """
                ---
                title: Health
                level: major
                guidance: Move every day, café after.
                ---
                """
            ),
            (
                "htl.yaml",
                """
                htl: 1
                title: Savings in €
                """
            ),
            (
                "log/2026.log",
                """
                2026-11-20 Run 5km +run-100km
                2026-11-21 Café run 3km +run-100km
                """
            ),
        ]),
        reportedBy: .fileReader)
}
