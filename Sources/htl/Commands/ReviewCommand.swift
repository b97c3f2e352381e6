import HTLCommandLine
import HTLKit

struct ReviewCommand: HTLCommand {
    static let week = Option.flag("week", help: "The week holding today, from week_start (the default).")
    static let term = Option.flag("term", help: "The current term, from its start to today.")
    static let write = Option.flag("write", help: "Save the review as Markdown under reviews/ (refuses to overwrite).")

    static let spec = CommandSpec(
        "review",
        abstract: "The weekly (or end-of-term) review: done, moved, stalled, due, neglected values, and four prompts.",
        discussion: """
            The review is Markdown, printed as it is; --write saves it under reviews/ (reviews/2026-W47.md, \
            reviews/term-7.md) and never overwrites an earlier one.
            """,
        options: LedgerOptions.specs + [week.spec, term.spec, ReportOptions.json.spec, write.spec])

    let options: LedgerOptions
    let week: Bool
    let term: Bool
    let json: Bool
    let write: Bool

    init(_ parsed: inout ParsedCommand) throws {
        options = LedgerOptions(&parsed)
        week = parsed[Self.week]
        term = parsed[Self.term]
        json = parsed[ReportOptions.json]
        write = parsed[Self.write]
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
        let review = try Review(ledger: context.ledger, report: context.report, ofTerm: term)
        return (review, ReviewText.render(review, report: context.report))
    }
}
