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
package enum ProposedChange {
    /// The diagnostics in `file` when it joins (or replaces its namesake in)
    /// the loaded ledger. (`unformatted` is not run: writers write canonical text.)
    public static func diagnostics(in file: SourceFile, replacing loaded: LoadedLedger) -> [Diagnostic] {
        let proposed = loaded.files.filter { $0.path != file.path } + [file]
        let (_, check) = LedgerLoader.load(files: proposed, today: loaded.today)
        return check.diagnostics.filter { $0.location.path == file.path }
    }
}
