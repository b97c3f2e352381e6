import HTLCommandLine
import HTLKit

struct ActionsCommand: HTLCommand {
    static let goal = Option.value(
        "goal", help: "Only actions that count toward this goal (an id or the start of one).",
        completion: ShellCompletion.goalIDs)
    static let tag = Option.value("tag", help: "Only actions with this tag.")
    static let from = Option.value("from", valueName: "yyyy-mm-dd", help: "Only actions on or after this date.")
    static let to = Option.value("to", valueName: "yyyy-mm-dd", help: "Only actions on or before this date.")

    static let spec = CommandSpec(
        "actions",
        abstract: "Actions, newest first, grouped Today / Yesterday / This week / Last week / Earlier.",
        options: LedgerOptions.specs + [goal.spec, tag.spec, from.spec, to.spec, ReportOptions.json.spec])

    let options: LedgerOptions
    let goal: String?
    let tag: String?
    let from: String?
    let to: String?
    let json: Bool

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
        goal = parsed[Self.goal]
        tag = parsed[Self.tag]
        from = parsed[Self.from]
        to = parsed[Self.to]
        json = parsed[ReportOptions.json]
    }

    func run() throws {
        let context = try ReportContext(options)
        let filter = ActionFilter(
            goal: try goal.map { try context.goalID($0) },
            tag: tag,
            from: try from.map { try LedgerOptions.date($0, option: "--from") },
            to: try to.map { try LedgerOptions.date($0, option: "--to") })
        let indices = filter.apply(context.ledger, context.report)
        Output.write(
            json
                ? ReportJSON.actions(indices, ledger: context.ledger, report: context.report)
                : ActionsText.render(
                    indices, ledger: context.ledger, report: context.report,
                    width: context.width, style: context.style))
        try context.finish()
    }
}
