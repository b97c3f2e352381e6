import HTLCommandLine
import HTLKit

struct NextCommand: ReportViewCommand {
    static let spec = CommandSpec(
        "next",
        abstract: "What to do now: goals by importance × urgency (do now, schedule, keep up, let go), each with its next step.",
        options: ReportOptions.specs)

    let report: ReportOptions

    static func json(_ context: ReportContext) -> String { ReportJSON.next(context.report) }
    static func text(_ context: ReportContext) -> String { NextText.render(context.report, width: context.width, style: context.style) }
}

struct DueCommand: HTLCommand {
    static let spec = CommandSpec(
        "due",
        abstract: "What is overdue or due soon; exits 1 when anything is overdue (for cron: htl due || notify-send ...).",
        options: LedgerOptions.specs + [
            .value("within", help: "Due within this many days (default 7; 0 is today only)."),
            ReportOptions.json,
        ])

    let options: LedgerOptions
    let within: Int
    let json: Bool

    init(_ parsed: ParsedCommand) throws {
        options = LedgerOptions(parsed)
        within = try parsed.integer("within") ?? 7
        json = parsed.flag("json")
        guard (0...36_500).contains(within) else { throw UsageError("--within takes 0 to 36500 days") }
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

struct CalendarCommand: HTLCommand {
    static let spec = CommandSpec(
        "calendar",
        abstract: "An iCalendar (.ics) file of due dates, milestones, obligation deadlines and terms, with stable UIDs.",
        discussion: """
            All-day events; re-exporting keeps every event's UID, so a calendar that subscribes to the \
            file updates events instead of duplicating them.
            """,
        options: LedgerOptions.specs + [
            .value("output", short: "o", valueName: "file",
                   help: "Write the calendar to this file (relative to the working folder); '-' or none: standard output.", completion: .files),
        ])

    let options: LedgerOptions
    let output: String?

    init(_ parsed: ParsedCommand) {
        options = LedgerOptions(parsed)
        output = parsed.value("output")
    }

    func run() throws {
        let context = try ReportContext(options)
        let ics = ICalendar.render(ledger: context.ledger, report: context.report)
        try context.deliver(ics, to: output)
        try context.finish()
    }
}

struct ReviewCommand: HTLCommand {
    static let spec = CommandSpec(
        "review",
        abstract: "The weekly (or end-of-term) review: done, moved, stalled, due, neglected values, and four prompts.",
        discussion: """
            The review is Markdown, printed as it is; --write saves it under reviews/ (reviews/2026-W47.md, \
            reviews/term-7.md) and never overwrites an earlier one.
            """,
        options: LedgerOptions.specs + [
            .flag("week", help: "The week holding today, from week_start (the default)."),
            .flag("term", help: "The current term, from its start to today."),
            ReportOptions.json,
            .flag("write", help: "Save the review as Markdown under reviews/ (refuses to overwrite)."),
        ])

    let options: LedgerOptions
    let week: Bool
    let term: Bool
    let json: Bool
    let write: Bool

    init(_ parsed: ParsedCommand) throws {
        options = LedgerOptions(parsed)
        week = parsed.flag("week")
        term = parsed.flag("term")
        json = parsed.flag("json")
        write = parsed.flag("write")
        if week && term { throw UsageError("--week and --term exclude each other") }
        if json && write { throw UsageError("--json and --write exclude each other") }
    }

    func run() throws {
        guard write else {
            let context = try ReportContext(options)
            let (review, markdown) = try made(context)
            Output.write(json ? ReportJSON.review(review, report: context.report) : markdown)
            try context.finish()
            return
        }
        var request = try options.request()
        ReportContext.configure(&request)
        let (context, path) = try LedgerWriter.create(request, waiting: try options.waiting()) { loaded in
            let context = ReportContext(options, loaded: loaded)
            let (review, markdown) = try made(context)
            let path = "reviews/\(review.name).md"
            return (path, Array(markdown.utf8), (context, path))
        }
        Output.say("wrote \(path)")
        try context.finish()
    }

    /// The review of the week or the term, and its Markdown.
    private func made(_ context: ReportContext) throws -> (Review, String) {
        var span = Review.Span.week
        if term {
            guard let current = context.report.currentTerm else { throw HTLError("no term is active on \(context.today); review a week instead") }
            span = .term(current.term.number)
        }
        guard let review = Review(ledger: context.ledger, report: context.report, span: span) else {
            throw HTLError("nothing to review yet")
        }
        return (review, ReviewText.render(review, report: context.report))
    }
}
