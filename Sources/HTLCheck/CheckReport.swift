import HTLCore
import HTLModel

/// What `htl check` found: configured diagnostics, sorted, and how many
/// files were read.
public struct CheckReport: Sendable {
    /// Sorted by path, line, column, rule; severities as configured.
    public var diagnostics: [Diagnostic]
    public var fileCount: Int

    public init(diagnostics: [Diagnostic], fileCount: Int) {
        self.diagnostics = diagnostics
        self.fileCount = fileCount
    }

    public var errorCount: Int { diagnostics.filter(\.isError).count }
    package var warningCount: Int { diagnostics.count - errorCount }

    /// Whether the ledger fails the check (errors, or with `strict` any warning).
    public func fails(strict: Bool) -> Bool {
        errorCount > 0 || (strict && warningCount > 0)
    }

    /// The paths that have at least one error.
    package var pathsWithErrors: Set<String> {
        Set(diagnostics.filter(\.isError).map(\.location.path))
    }

    /// Without warnings on log lines already committed (`committed`: per
    /// path, how many first lines are); errors stay.
    package func withoutWarnings(onCommittedLines committed: [String: Int]) -> CheckReport {
        var report = self
        report.diagnostics = diagnostics.filter { d in
            d.isError || d.location.line > (committed[d.location.path] ?? 0) || d.finding.wholeFile
        }
        return report
    }

    /// Only the findings in the given ledger paths (files, or folders and
    /// what is below them), counted over the files selected among `files`.
    public func limited(to paths: [String], files: [String]) -> CheckReport {
        guard !paths.isEmpty else { return self }
        var report = self
        report.diagnostics = diagnostics.filter { LedgerLayout.isSelected($0.location.path, by: paths) }
        report.fileCount = files.filter { LedgerLayout.isSelected($0, by: paths) }.count
        return report
    }

    /// The paths that select neither a file nor a finding (a typo).
    public func unmatched(_ paths: [String], files: [String]) -> [String] {
        paths.filter { path in
            !files.contains { LedgerLayout.isSelected($0, by: [path]) }
                && !diagnostics.contains { LedgerLayout.isSelected($0.location.path, by: [path]) }
        }
    }
}
