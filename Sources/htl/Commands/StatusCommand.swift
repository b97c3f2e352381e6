import HTLCommandLine
import HTLKit

struct StatusCommand: HTLCommand {
    static let term = Option.integer("term", help: "Show this term (by number) and only the goals committed to it.")
    static let all = Option.flag("all", help: "Also show completed and dropped goals.")

    static let spec = CommandSpec(
        "status",
        abstract: "The dashboard: the current term and every goal in attention order (what needs you first).",
        options: LedgerOptions.specs + [term.spec, all.spec, ReportOptions.json.spec])

    let options: LedgerOptions
    let term: Int?
    let all: Bool
    let json: Bool

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
        term = parsed[Self.term]
        all = parsed[Self.all]
        json = parsed[ReportOptions.json]
    }

    func run() throws {
        let context = try ReportContext(options)
        let report = context.report
        let view = try StatusView(report, all: all, term: term)
        // The timer is this machine's: a file htl cannot read is said, not fatal to the dashboard.
        var timer: TimerState?
        do {
            timer = try LedgerTimer.state(try options.request().root)
        } catch let error as HTLError {
            Output.error("htl: warning: \(error.message); the timer is not shown")
        }
        let now = try options.now()
        if json {
            Output.write(
                ReportJSON.status(
                    report, term: view.term, goals: view.goals, timer: ReportJSON.timer(timer, at: now)))
        } else {
            Output.write(
                StatusText.render(
                    report, ledger: context.ledger, term: view.term, goals: view.goals,
                    width: context.width, style: context.style))
            if let timer, timer.running {
                Output.write("\n" + TerminalText.escaped(TimerWords.line(timer, at: now)) + "\n")
            }
        }
        try context.finish()
    }
}
