import HTLCommandLine
import HTLKit

struct ExplainCommand: HTLCommand {
    static let spec = CommandSpec(
        "explain",
        abstract: "Explain one rule, with a failing and a passing example.",
        options: LedgerOptions.specs,
        arguments: [ArgumentSpec("rule", help: "A rule id, as printed in brackets by htl check.", completion: .list(RuleID.allCases.map(\.rawValue)))])

    let rule: String

    init(_ parsed: ParsedCommand) {
        rule = parsed.argument("rule") ?? ""
    }

    func run() throws {
        guard let id = RuleID(rawValue: rule) else {
            let suggestion = Suggestion.closest(to: rule, in: RuleID.allCases.map(\.rawValue))
            throw HTLError("no rule '\(rule)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + "; htl rules lists them all")
        }
        Output.write(RuleText.explain(RuleRegistry.descriptor(id)))
    }
}
