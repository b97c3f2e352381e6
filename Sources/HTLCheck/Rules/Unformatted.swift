import HTLCore
import HTLFormat
import HTLModel
import HTLParse

extension RuleDescriptor {
    /// Htl fmt would change the file: reported at the first line it would
    /// change, for files without errors. Not found while reading: run by
    /// `Checker.check` (Sources/HTLCheck/Checker.swift) through
    /// `formatVerdict` below, which formats the file with
    /// `Formatter.canonical` (Sources/HTLFormat).
    static let unformatted = RuleDescriptor(
        .unformatted, .warning,
        summary: "htl fmt would change the file",
        failing: RuleExample(
            [
                (
                    "goals/run-100km.md",
                    """
                    ---
                    ①targets:
                      km: 100
                    title: Run 100 km
                    start: 2026-11-02
                    target: 2027-01-10
                    term: 7
                    values:
                      health: 9
                    tags: [running]
                    ---
                    ## Action plan
                    - Three runs a week.
                    """
                ),
                (
                    "values/health.md",
                    """
                    ---
                    ②title:   Health
                    level: major
                    guidance: Move every day.
                    ---
                    """
                ),
                (
                    "htl.yaml",
                    """
                    htl: 1
                    ③title: "Example ledger"
                    """
                ),
                (
                    "log/2026.log",
                    """
                    2026-11-20 Run 5km +run-100km
                    ④2026-11-21  Run 3km +run-100km
                    """
                ),
            ],
            finds: [
                "①": "htl fmt would change this file from line 2",
                "②": "htl fmt would change this file from line 2",
                "③": "htl fmt would change this file from line 2",
                "④": "htl fmt would change this file from line 2",
            ]),
        passing: RuleExample([
            ("goals/run-100km.md", RuleExample.goal()),
            (
                "log/2026.log",
                """
                2026-11-20 Run 5km +run-100km
                2026-11-21 Run 3km +run-100km
                """
            ),
        ]),
        reportedBy: .formatter)

    /// The finding for a file `htl fmt` would change: at the first line it
    /// would change (the checker runs it on files without errors). `parsed`:
    /// the front matter as the parser read it, not to parse it again.
    static func unformattedFinding(_ file: SourceFile, parsed: FrontMatterParse? = nil) -> Finding? {
        formatVerdict(file, parsed: parsed).finding
    }

    /// The file formatted once: the finding, and whether it is canonical.
    static func formatVerdict(_ file: SourceFile, parsed: FrontMatterParse? = nil) -> FormatVerdict {
        guard let canonical = Formatter.canonical(file, verify: false, parsed: parsed) else {
            return FormatVerdict(finding: nil, isCanonical: false)
        }
        guard canonical != file.bytes else { return FormatVerdict(finding: nil, isCanonical: true) }
        var line = 1
        var i = 0
        let n = min(file.bytes.count, canonical.count)
        while i < n, file.bytes[i] == canonical[i] {
            if file.bytes[i] == 0x0A { line += 1 }
            i += 1
        }
        let finding = Finding(
            .unformatted, SourceLocation(path: file.path, line: line, column: 1),
            "htl fmt would change this file from line \(line)", help: "run: htl fmt \(file.path)")
        return FormatVerdict(finding: finding, isCanonical: false)
    }
}
