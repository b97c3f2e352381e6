import HTLCore
import HTLFormat
import HTLModel
import HTLParse

extension RuleDescriptor {
    /// Htl fmt would change the file.
    static let unformatted = RuleDescriptor(
        .unformatted, .warning,
        summary: "htl fmt would change the file",
        failing: .file("goals/run-100km.md", "---\n‸targets:\n  km: 100\ntitle: Run 100 km\nstart: 2026-11-02\ntarget: 2027-01-10\nterm: 7\nvalues:\n  health: 9\ntags: [running]\n---\n## Action plan\n- Three runs a week.\n"),
        passing: .file("goals/run-100km.md", RuleExample.goal()),
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
        let finding = Finding(.unformatted, SourceLocation(path: file.path, line: line, column: 1),
                              "htl fmt would change this file from line \(line)", help: "run: htl fmt \(file.path)")
        return FormatVerdict(finding: finding, isCanonical: false)
    }
}
