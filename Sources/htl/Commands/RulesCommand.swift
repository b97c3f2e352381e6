import HTLCommandLine
import HTLKit

struct RulesCommand: HTLCommand {
    static let spec = CommandSpec("rules", abstract: "List every rule with its default severity.", options: LedgerOptions.specs)

    init(_ parsed: ParsedCommand) {}

    func run() throws {
        Output.write(RuleText.list())
    }
}
