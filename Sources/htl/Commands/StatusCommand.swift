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
        var shownTerm = report.currentTerm
        var goals = report.attentionOrdered.filter { all || ($0.state != .completed && $0.state != .dropped) }
        if let number = term {
            guard let chosen = report.terms.first(where: { $0.term.number == number }) else {
                let known = report.terms.map { String($0.term.number) }.joined(separator: ", ")
                throw HTLError("no term has number \(number)" + (known.isEmpty ? "" : " (terms: \(known))"))
            }
            shownTerm = chosen
            goals = goals.filter { $0.goal.terms.contains { $0.number == number } }
        }
        if json {
            Output.write(ReportJSON.status(report, term: shownTerm, goals: goals))
        } else {
            Output.write(StatusText.render(report, ledger: context.ledger, term: shownTerm, goals: goals,
                                           width: context.width, style: context.style))
        }
        try context.finish()
    }
}
