import HTLCommandLine
import HTLKit

struct RulesCommand: HTLCommand {
    static let spec = CommandSpec(
        "rules", abstract: "List every rule with its default severity.", options: LedgerOptions.specs)

    /// The rules are the same in every ledger: the ledger options are taken and change nothing.
    init(_ parsed: inout ParsedCommand) {
        LedgerOptions.ignore(in: &parsed)
    }

    func run() throws {
        Output.write(RuleText.list())
    }
}
