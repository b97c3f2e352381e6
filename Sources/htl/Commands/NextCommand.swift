import HTLCommandLine
import HTLKit

struct NextCommand: ReportViewCommand {
    static let spec = CommandSpec(
        "next",
        abstract: "What to do now: goals by importance × urgency (do now, schedule, keep up, let go), "
            + "each with its next step.",
        options: ReportOptions.specs)

    let report: ReportOptions

    static func json(_ context: ReportContext) -> String { ReportJSON.next(context.report) }
    static func text(_ context: ReportContext) -> String {
        NextText.render(context.report, width: context.width, style: context.style)
    }
}
