import HTLCommandLine
import HTLKit

struct ProgressCommand: HTLCommand {
    static let spec = CommandSpec(
        "progress",
        abstract: "One goal in detail: targets, pace, checklist, values and actions.",
        options: ReportOptions.specs,
        arguments: [ArgumentSpec("goal", help: "The goal's id (its file name without .md), or the start of one.", completion: ShellCompletion.goalIDs)])

    let report: ReportOptions
    let goal: String

    init(_ parsed: ParsedCommand) {
        report = ReportOptions(parsed)
        goal = parsed.argument("goal") ?? ""
    }

    func run() throws {
        let context = try ReportContext(report.ledger)
        let id = try context.goalID(goal.hasPrefix("+") ? String(goal.dropFirst()) : goal)
        guard let g = context.report.goal(id) else { throw HTLError("no goal '\(id)'") }
        if report.json {
            Output.write(ReportJSON.progress(g, ledger: context.ledger, report: context.report))
        } else {
            Output.write(ProgressText.render(g, ledger: context.ledger, report: context.report, width: context.width, style: context.style))
        }
        try context.finish()
    }
}
