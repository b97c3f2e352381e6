import HTLCommandLine
import HTLKit

struct ExplainCommand: HTLCommand {
    static let rule = Argument.required(
        "rule", help: "A rule id, as printed in brackets by htl check.",
        completion: .list(RuleID.allCases.map(\.rawValue)))

    static let spec = CommandSpec(
        "explain",
        abstract: "Explain one rule, with a failing and a passing example.",
        options: LedgerOptions.specs,
        arguments: [rule.spec])

    let rule: String

    /// A rule is the same in every ledger: the ledger options are taken and change nothing.
    init(_ parsed: inout ParsedCommand) {
        LedgerOptions.ignore(in: &parsed)
        rule = parsed[Self.rule]
    }

    func run() throws {
        guard let id = RuleID(rawValue: rule) else {
            let suggestion = Suggestion.closest(to: rule, in: RuleID.allCases.map(\.rawValue))
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            throw HTLError("no rule '\(rule)'" + hint + "; htl rules lists them all")
        }
        Output.write(RuleText.explain(RuleRegistry.descriptor(id)))
    }
}
