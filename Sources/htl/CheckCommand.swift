import ArgumentParser
import HTLKit

enum CheckFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Parse and validate the whole ledger; print every finding.")

    @OptionGroup var options: LedgerOptions

    @Argument(help: "Only show findings in these files or folders (references are still resolved against the whole ledger).")
    var paths: [String] = []

    @Flag(help: "Check what is staged for the next commit (git's index), not the working tree; committed log lines must stay as they are.")
    var staged = false

    @Option(help: ArgumentHelp("Committed log lines at this revision must stay as they are (log-rewrite).", valueName: "rev"))
    var since: String?

    @Flag(help: "Exit 1 on warnings too.")
    var strict = false

    @Option(help: "Output format: text, json or github.")
    var format: CheckFormat = .text

    func run() throws {
        let loaded = try options.load { request in
            request.source = staged ? .staged : .directory
            request.appendOnly = since.map { .revision($0) } ?? (staged ? .head : .none)
            request.formatting = true
        }
        let report = loaded.check.limited(to: try options.ledgerPaths(paths, root: loaded.root))
        switch format {
        case .text:
            Output.write(DiagnosticRenderer.text(report, files: loaded.files, style: options.style()))
            Output.error(DiagnosticRenderer.summary(report))
        case .json:
            Output.write(DiagnosticRenderer.json(report))
        case .github:
            Output.write(DiagnosticRenderer.github(report))
            Output.error(DiagnosticRenderer.summary(report))
        }
        if report.fails(strict: strict) { throw ExitCode(1) }
    }
}
