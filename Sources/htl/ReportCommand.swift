import ArgumentParser
import HTLKit

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "A self-contained static HTML dashboard (no network, no JavaScript).",
        discussion: """
            Writes one HTML file: the current term, every goal with its gauges in attention order, value \
            insights, terms and recent actions. The same ledger and --today give the same bytes, so a \
            committed report diffs cleanly.
            """)

    @OptionGroup var options: LedgerOptions

    @Option(name: .shortAndLong,
            help: ArgumentHelp("Write the page to this file (relative to the working folder); '-' or none: standard output.",
                               valueName: "file"))
    var output: String?

    func run() throws {
        let context = try ReportContext(options)
        let html = HTMLReport.render(ledger: context.ledger, report: context.report)
        try context.deliver(html, to: output)
        try context.finish()
    }
}
