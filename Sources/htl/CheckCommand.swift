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

    @Flag(help: "Exit 1 on warnings too.")
    var strict = false

    @Option(help: "Output format: text, json or github.")
    var format: CheckFormat = .text

    func run() throws {
        let (root, loaded) = try options.load()
        let today = try options.todayDate()
        let report = Checker.check(loaded, today: today).limited(to: try options.ledgerPaths(paths, root: root))
        switch format {
        case .text:
            Output.write(DiagnosticRenderer.text(report, files: loaded.ledger.files, style: options.style()))
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
