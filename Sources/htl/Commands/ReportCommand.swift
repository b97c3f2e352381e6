import HTLCommandLine
import HTLKit

struct ReportCommand: HTLCommand {
    static let output = Option.value(
        "output", short: "o", valueName: "file",
        help: "Write the page to this file (relative to the working folder); '-' or none: standard output.",
        completion: .files)

    static let spec = CommandSpec(
        "report",
        abstract: "A self-contained static HTML dashboard (no network, no JavaScript).",
        discussion: """
            Writes one HTML file: the current term, every goal with its gauges in attention order, value \
            insights, terms and recent actions. The same ledger and --today give the same bytes, so a \
            committed report diffs cleanly.
            """,
        options: LedgerOptions.specs + [output.spec])

    let options: LedgerOptions
    let output: String?

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
        output = parsed[Self.output]
    }

    func run() throws {
        let context = try ReportContext(options)
        let html = HTMLReport.render(ledger: context.ledger, report: context.report)
        try context.deliver(html, to: output)
        try context.finish()
    }
}
