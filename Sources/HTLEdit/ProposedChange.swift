import HTLCheck
import HTLCore
import HTLFormat
import HTLLoad
import HTLModel
import HTLParse
import HTLProgress
import HTLSystem

/// A file as a writer would leave it, checked with the same checker as
/// `htl check` against the rest of the ledger before anything is written.
public enum ProposedChange {
    /// The findings in `path` when the ledger's files are `files` with the
    /// file at `path` holding `bytes` (added or replaced).
    public static func findings(in path: String, bytes: [UInt8], files: [SourceFile], today: CivilDate) -> [Diagnostic] {
        let proposed = files.filter { $0.path != path } + [SourceFile(path: path, bytes: bytes)]
        let report = Checker.check(LedgerLoader.load(proposed), today: today, formatting: false)
        return report.diagnostics.filter { $0.location.path == path }
    }
}
