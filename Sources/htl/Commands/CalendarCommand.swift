import HTLCommandLine
import HTLKit

struct CalendarCommand: HTLCommand {
    static let output = Option.value(
        "output", short: "o", valueName: "file",
        help: "Write the calendar to this file (relative to the working folder); '-' or none: standard output.",
        completion: .files)

    static let spec = CommandSpec(
        "calendar",
        abstract: "An iCalendar (.ics) file of due dates, milestones, obligation deadlines and terms, "
            + "with stable UIDs.",
        discussion: """
            All-day events; re-exporting keeps every event's UID, so a calendar that subscribes to the \
            file updates events instead of duplicating them.
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
        let ics = ICalendar.render(ledger: context.ledger, report: context.report)
        try context.deliver(ics, to: output)
        try context.finish()
    }
}
