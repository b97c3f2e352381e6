import HTLCommandLine
import HTLKit

struct ValuesCommand: ReportViewCommand {
    static let spec = CommandSpec(
        "values",
        abstract: "Value alignment: goals per value, strength, progress, recent actions, neglected values.",
        options: ReportOptions.specs)

    let report: ReportOptions

    static func json(_ context: ReportContext) -> String { ReportJSON.values(context.report) }
    static func text(_ context: ReportContext) -> String {
        ValuesText.render(context.report, width: context.width, style: context.style)
    }
}
