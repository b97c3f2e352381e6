import HTLCommandLine
import HTLKit

struct InitCommand: HTLCommand {
    static let spec = CommandSpec(
        "init",
        abstract: "Create a new ledger: settings, measures, folders and one example of each file.",
        options: LedgerOptions.specs,
        arguments: [
            ArgumentSpec("directory", help: "The folder for the ledger, relative to -C or the working folder (created when missing).",
                         isOptional: true, completion: .directories),
        ])

    let options: LedgerOptions
    let directory: String

    init(_ parsed: ParsedCommand) {
        options = LedgerOptions(parsed)
        directory = parsed.argument("directory") ?? "."
    }

    func run() throws {
        let todayDate = try options.todayDate()
        let base = options.ledger ?? FileSystem.currentDirectory()
        let target = directory.hasPrefix("/") ? directory : FileSystem.join(base, directory)
        let shown = options.ledger == nil ? directory : target
        let written = try LedgerTemplate.create(in: target, shown: shown, today: todayDate, waiting: try options.waiting())
        var out = "Created a ledger in \(shown):\n"
        for path in written { out += "  \(path)\n" }
        let c = shown == "." ? "" : " -C \(TerminalText.escaped(ShellWord.minimal(shown)))"
        out += "Next:\n"
        out += "  htl status\(c)\n"
        out += "  htl log\(c) 'First run 3km 1session +run-50km #outdoors'   (quote the line: in a shell, # starts a comment)\n"
        Output.say(out)
    }
}

struct RulesCommand: HTLCommand {
    static let spec = CommandSpec("rules", abstract: "List every rule with its default severity.", options: LedgerOptions.specs)

    init(_ parsed: ParsedCommand) {}

    func run() throws {
        Output.write(RuleText.list())
    }
}

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
