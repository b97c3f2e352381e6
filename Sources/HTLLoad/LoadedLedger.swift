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

    /// Progress as of `today`: computed by the load, or now.
    public func progressReport() -> ProgressReport {
        progress ?? ProgressEngine.compute(ledger, today: today)
    }
}
