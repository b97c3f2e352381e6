import HTLCommandLine
import HTLKit

struct ActionsCommand: HTLCommand {
    enum Format: String, CaseIterable {
        case text, json, csv
    }

    static let goal = Option.value(
        "goal", help: "Only actions that count toward this goal (an id or the start of one).",
        completion: ShellCompletion.goalIDs)
    static let tag = Option.value("tag", help: "Only actions with this tag.")
    static let from = Option.value("from", valueName: "yyyy-mm-dd", help: "Only actions on or after this date.")
    static let to = Option.value("to", valueName: "yyyy-mm-dd", help: "Only actions on or before this date.")
    static let whereOption = Option.value(
        "where", valueName: "expr",
        help: "Only actions the expression selects: +goal, #tag, km>5, date>=2026-11-01, text~word, correction, "
            + "with and, or, not and parentheses.")
    static let by = Option.value(
        "by", valueName: "group", help: "A table of totals per day, week, month, goal or tag.")
    static let sum = Option.repeated(
        "sum", valueName: "measure", help: "A column summing this measure (repeat, or km,min); conversions applied.")
    static let format = Option.choice("format", help: "text, json or csv.", default: Format.text)

    static let spec = CommandSpec(
        "actions",
        abstract: "Actions, newest first, grouped Today / Yesterday / This week / Last week / Earlier; or a table "
            + "of their totals.",
        discussion: """
            htl actions --where '+run-100km and km>5'
            htl actions --where 'date>=2026-01-01 and #running' --by month --sum km
            htl actions --where 'text~lake or text~"river path"' --by goal --sum km,min --format csv
            """,
        options: LedgerOptions.specs + [
            goal.spec, tag.spec, from.spec, to.spec, whereOption.spec, by.spec, sum.spec, ReportOptions.json.spec,
            format.spec,
        ])

    let options: LedgerOptions
    let goal: String?
    let tag: String?
    let from: String?
    let to: String?
    let expression: String?
    let by: ActionTable.Grouping?
    let sums: [String]
    let format: Format

    init(_ parsed: inout ParsedCommand) throws {
        options = LedgerOptions(&parsed)
        goal = parsed[Self.goal]
        tag = parsed[Self.tag]
        from = parsed[Self.from]
        to = parsed[Self.to]
        expression = parsed[Self.whereOption]
        let grouping = parsed[Self.by]
        sums = parsed[Self.sum].flatMap { $0.split(separator: ",").map(String.init) }
        let json = parsed[ReportOptions.json]
        let chosen = parsed[Self.format]
        if json, chosen != .text, chosen != .json {
            throw UsageError("--json and --format \(chosen) contradict each other")
        }
        format = json ? .json : chosen
        by = try grouping.map { text in
            guard let g = ActionTable.Grouping(rawValue: text) else {
                throw UsageError(
                    "--by takes day, week, month, goal or tag, not '\(text)'")
            }
            return g
        }
        if format == .csv, by == nil, sums.isEmpty {
            throw UsageError("--format csv writes a table: give --by or --sum")
        }
    }

    func run() throws {
        let context = try ReportContext(options)
        let filter = ActionFilter(
            goal: try goal.map { try context.goalID($0) },
            tag: tag,
            from: try from.map { try LedgerOptions.date($0, option: "--from") },
            to: try to.map { try LedgerOptions.date($0, option: "--to") })
        let asTable = by != nil || !sums.isEmpty
        // A table needs no order; the list is newest first.
        var indices =
            asTable ? filter.matching(context.ledger, context.report) : filter.apply(context.ledger, context.report)
        if let expression {
            let query = try Self.query(expression, context)
            indices = indices.filter(query.matches)
        }
        if asTable {
            let table = try ActionTable(
                indices, by: by, summing: sums, ledger: context.ledger, report: context.report)
            switch format {
            case .text: Output.write(ActionTableText.render(table))
            case .json: Output.write(ReportJSON.actionTable(table, where: expression))
            case .csv: Output.write(bytes: ActionTableText.csv(table))
            }
        } else {
            Output.write(
                format == .json
                    ? ReportJSON.actions(indices, ledger: context.ledger, report: context.report)
                    : ActionsText.render(
                        indices, ledger: context.ledger, report: context.report,
                        width: context.width, style: context.style))
        }
        try context.finish()
    }

    /// The expression read, or exit 2 with a caret under the bad token.
    static func query(_ expression: String, _ context: ReportContext) throws -> ActionQuery {
        do {
            return try ActionQuery(expression, ledger: context.ledger, report: context.report)
        } catch let error as ActionQuery.SyntaxError {
            let shown = TerminalText.escaped(expression)
            throw HTLError(
                "--where: \(error.message)\n  \(shown)\n  " + String(repeating: " ", count: max(error.column - 1, 0))
                    + "^")
        }
    }
}
