import HTLCommandLine
import HTLKit

struct ProgressCommand: HTLCommand {
    static let goal = Argument.required(
        "goal", help: "The goal's id (its file name without .md), or the start of one.",
        completion: ShellCompletion.goalIDs)

    static let spec = CommandSpec(
        "progress",
        abstract: "One goal in detail: targets, pace, checklist, values and actions.",
        options: ReportOptions.specs,
        arguments: [goal.spec])

    let report: ReportOptions
    let goal: String

    init(_ parsed: inout ParsedCommand) {
        report = ReportOptions(&parsed)
        goal = parsed[Self.goal]
    }

    func run() throws {
        let context = try ReportContext(report.ledger)
        let id = try context.goalID(goal)
        guard let g = context.report.goal(id) else { throw HTLError("no goal '\(id)'") }
        if report.json {
            Output.write(ReportJSON.progress(g, ledger: context.ledger, report: context.report))
        } else {
            Output.write(
                ProgressText.render(
                    g, ledger: context.ledger, report: context.report,
                    width: context.width, style: context.style))
        }
        try context.finish()
    }
}
