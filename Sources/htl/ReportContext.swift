import ArgumentParser
import HTLKit

/// What every report command needs: the loaded ledger, today, progress, and
/// the error count (reports run on what is valid, then exit 1 on errors).
struct ReportContext {
    let root: LedgerRoot
    let ledger: Ledger
    let today: CivilDate
    let report: ProgressReport
    let errorCount: Int
    let width: Int
    let style: TerminalStyle

    init(_ options: LedgerOptions) throws {
        let loaded = try options.load { $0.computeProgress = true }
        root = loaded.root
        today = loaded.today
        ledger = loaded.ledger
        errorCount = loaded.errorCount
        report = loaded.progressReport()
        width = Output.reportWidth()
        style = options.style()
    }

    /// Reports an unknown goal id with a suggestion; the command exits 1.
    func noSuchGoal(_ id: String) -> ExitCode {
        let suggestion = Suggestion.closest(to: id, in: ledger.goals.map(\.id))
        Output.error("htl: no goal '\(id)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""))
        return ExitCode(1)
    }

    /// Prints the error note and exits 1 when the ledger has errors.
    func finish() throws {
        guard errorCount > 0 else { return }
        Output.error("\(errorCount) error\(errorCount == 1 ? "" : "s"); run htl check")
        throw ExitCode(1)
    }
}
