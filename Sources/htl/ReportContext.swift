import HTLCommandLine
import HTLKit

/// What the plain report commands take: the ledger options and `--json`.
struct ReportOptions {
    static let json = Option.flag("json", help: "Print JSON.")
    static let specs = LedgerOptions.specs + [json.spec]

    let ledger: LedgerOptions
    let json: Bool

    init(_ parsed: inout ParsedCommand) {
        ledger = LedgerOptions(&parsed)
        json = parsed[Self.json]
    }
}

/// What every report command needs: the loaded ledger, today, progress, and
/// the error count (reports run on what is valid, then exit 1 on errors).
struct ReportContext {
    let root: LedgerRoot
    let loaded: LoadedLedger
    let ledger: Ledger
    let today: CivilDate
    let report: ProgressReport
    let errorCount: Int
    let width: Int
    let style: TerminalStyle

    init(_ options: LedgerOptions) throws {
        self.init(options, loaded: try options.load(Self.configure))
    }

    /// What a report loads: progress, and only errors counted (the rules that can only warn are not run).
    static func configure(_ request: inout LoadRequest) {
        request.computeProgress = true
        request.warnings = false
    }

    init(_ options: LedgerOptions, loaded: LoadedLedger) {
        self.loaded = loaded
        root = loaded.root
        today = loaded.today
        ledger = loaded.ledger
        errorCount = loaded.errorCount
        report = loaded.progressReport()
        width = Output.reportWidth()
        style = options.style()
    }

    /// The goal a command-line argument names (`run-100km`, `+run-100km`
    /// or a unique prefix); otherwise an error that suggests what was meant.
    func goalID(_ text: String) throws -> String {
        try GoalLookup.id(named: text, in: ledger.goals.map(\.id))
    }

    /// A document to `-o FILE` (atomically, relative to the working folder;
    /// never over a ledger file), or to standard output for none or `-`.
    func deliver(_ text: String, to output: String?) throws {
        if let path = output, path != "-" {
            try AtomicFile.writeOutput(Array(text.utf8), to: path, ledger: root)
            Output.say("wrote \(path)")
        } else {
            Output.write(text)
        }
    }

    /// Prints the error note and exits 1 when the ledger has errors.
    func finish() throws {
        guard errorCount > 0 else { return }
        Output.error("\(errorCount) error\(errorCount == 1 ? "" : "s"); run htl check")
        throw ExitCode(1)
    }
}

/// A command that shows one view of the progress report, as text or as
/// JSON (`values`, `terms`, `next`): it takes the report options only.
protocol ReportViewCommand: HTLCommand {
    var report: ReportOptions { get }
    init(report: ReportOptions)
    static func json(_ context: ReportContext) -> String
    static func text(_ context: ReportContext) -> String
}

extension ReportViewCommand {
    init(_ parsed: inout ParsedCommand) {
        self.init(report: ReportOptions(&parsed))
    }

    func run() throws {
        let context = try ReportContext(report.ledger)
        Output.write(report.json ? Self.json(context) : Self.text(context))
        try context.finish()
    }
}
