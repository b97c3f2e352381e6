import HTLCommandLine
import HTLKit

struct TermsCommand: ReportViewCommand {
    static let spec = CommandSpec(
        "terms",
        abstract: "Every term: dates, state, week, committed goals and mean progress.",
        options: ReportOptions.specs)

    let report: ReportOptions

    static func json(_ context: ReportContext) -> String { ReportJSON.terms(context.report) }
    static func text(_ context: ReportContext) -> String {
        TermsText.render(context.report, width: context.width, style: context.style)
    }
}
