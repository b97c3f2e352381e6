import HTLCommandLine
import HTLKit

struct DueCommand: HTLCommand {
    static let within = Option.integer("within", help: "Due within this many days (default 7; 0 is today only).")

    static let spec = CommandSpec(
        "due",
        abstract: "What is overdue or due soon; exits 1 when anything is overdue "
            + "(for cron: htl due || notify-send ...).",
        options: LedgerOptions.specs + [within.spec, ReportOptions.json.spec])

    let options: LedgerOptions
    let within: Int
    let json: Bool

    init(_ parsed: inout ParsedCommand) throws {
        options = LedgerOptions(&parsed)
        within = parsed[Self.within] ?? DueList.defaultDays
        json = parsed[ReportOptions.json]
        guard DueList.days.contains(within) else { throw UsageError("--within takes 0 to 36500 days") }
    }

    func run() throws {
        let context = try ReportContext(options)
        let list = DueList(context.report, within: within)
        if json {
            Output.write(ReportJSON.due(list, within: within, today: context.today, measures: context.ledger.measures))
        } else {
            Output.write(
                DueText.render(
                    list, within: within, measures: context.ledger.measures, width: context.width,
                    style: context.style))
        }
        try context.finish()
        if !list.overdue.isEmpty { throw ExitCode(1) }
    }
}
