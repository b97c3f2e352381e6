import HTLCheck
import HTLCore
import HTLModel
import HTLParse
import HTLProgress
import HTLSystem

/// A loaded ledger: what every command works from.
public struct LoadedLedger: Sendable {
    public let root: LedgerRoot
    public let today: CivilDate
    /// The model, the files it was read from, and the reading's findings.
    package let parsed: ParsedLedger
    /// Every finding, configured, kept on real positions, sorted.
    public let check: CheckReport
    /// Progress as of `today`, when the request asked for it.
    public let progress: ProgressReport?
    /// The parses the load made and kept (with each file's format verdict
    /// when the request asked for `unformatted`).
    package let cache: ParseCache

    public var ledger: Ledger { parsed.ledger }
    public var files: [SourceFile] { parsed.files }
    public var diagnostics: [Diagnostic] { check.diagnostics }
    public var errorCount: Int { check.errorCount }

    /// Progress as of `today`: computed by the load, or now; with the goals
    /// whose files could not be read.
    public func progressReport() -> ProgressReport {
        var report = progress ?? ProgressEngine.compute(ledger, today: today)
        report.unreadableGoals = unreadableGoals
        return report
    }

    /// The goal files that could not be read, by path, each with the first
    /// error found in it.
    public var unreadableGoals: [UnreadableGoal] {
        parsed.context.unloadedGoalPaths.sorted(by: ByteOrder.precedes).map { path in
            let first =
                check.diagnostics.first { $0.location.path == path && $0.isError }
                ?? check.diagnostics.first { $0.location.path == path }
            return UnreadableGoal(
                id: LedgerLayout.entityID(of: path), path: path,
                location: first?.location ?? SourceLocation(path: path, line: 1, column: 1),
                message: first?.message ?? "the file could not be read")
        }
    }
}
