import ArgumentParser
import HTLKit

struct NextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "What to do now: goals by importance × urgency (do now, schedule, keep up, let go), each with its next step.")

    @OptionGroup var options: LedgerOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let context = try ReportContext(options)
        if json {
            Output.write(ReportJSON.next(context.report))
        } else {
            Output.write(NextText.render(context.report, width: context.width, style: context.style))
        }
        try context.finish()
    }
}

struct DueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "What is overdue or due soon; exits 1 when anything is overdue (for cron: htl due || notify-send ...).")

    @OptionGroup var options: LedgerOptions

    @Option(name: .long, help: "Due within this many days (default 7; 0 is today only).")
    var within: Int = 7

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        guard (0...36_500).contains(within) else { throw ValidationError("--within takes 0 to 36500 days") }
    }

    func run() throws {
        let context = try ReportContext(options)
        let list = DueList(context.report, within: within)
        if json {
            Output.write(ReportJSON.due(list, within: within, today: context.today))
        } else {
            Output.write(DueText.render(list, within: within, width: context.width, style: context.style))
        }
        try context.finish()
        if !list.overdue.isEmpty { throw ExitCode(1) }
    }
}

struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "An iCalendar (.ics) file of due dates, milestones, obligation deadlines and terms, with stable UIDs.",
        discussion: """
            All-day events; re-exporting keeps every event's UID, so a calendar that subscribes to the \
            file updates events instead of duplicating them.
            """)

    @OptionGroup var options: LedgerOptions

    @Option(name: .shortAndLong,
            help: ArgumentHelp("Write the calendar to this file (relative to the working folder); '-' or none: standard output.",
                               valueName: "file"))
    var output: String?

    func run() throws {
        let context = try ReportContext(options)
        let ics = ICalendar.render(ledger: context.ledger, report: context.report)
        if let path = output, path != "-" {
            try AtomicFile.writeOutput(Array(ics.utf8), to: path, ledger: context.root)
            Output.say("wrote \(path)")
        } else {
            Output.write(ics)
        }
        try context.finish()
    }
}
