import ArgumentParser
import HTLKit

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new ledger: settings, measures, folders and one example of each file.")

    @Argument(help: "The folder for the ledger (created when missing).")
    var directory: String = "."

    @Option(help: ArgumentHelp("Take this date as today (or HTL_TODAY).", valueName: "yyyy-mm-dd"))
    var today: String?

    func run() throws {
        let todayDate = try LedgerOptions.parse(today.map { ["--today", $0] } ?? []).todayDate()
        let files = LedgerTemplate.files(today: todayDate)
        let existing = files.map { FileSystem.join(directory, $0.path) }.filter { FileSystem.kind(of: $0) != .missing }
        guard existing.isEmpty else {
            throw HTLError("not creating a ledger over existing files: " + existing.joined(separator: ", "))
        }
        try AtomicFile.makeFolders(directory)
        for folder in LedgerTemplate.folders {
            try AtomicFile.makeFolders(FileSystem.join(directory, folder))
        }
        for file in files {
            try AtomicFile.write(Array(file.text.utf8), to: FileSystem.join(directory, file.path), expecting: .absent)
        }
        var out = "Created a ledger in \(directory):\n"
        for file in files { out += "  \(file.path)\n" }
        out += "Next: htl status" + (directory == "." ? "" : " -C \(directory)") + "\n"
        Output.write(out)
    }
}

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule with its default severity.")

    func run() throws {
        let width = RuleID.allCases.map(\.rawValue.count).max() ?? 20
        var out = ""
        for rule in RuleID.allCases {
            out += rule.rawValue + String(repeating: " ", count: width - rule.rawValue.count + 2)
            out += rule.defaultSeverity.rawValue + String(repeating: " ", count: 9 - rule.defaultSeverity.rawValue.count)
            out += rule.summary + "\n"
        }
        Output.write(out)
    }
}

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain one rule, with a failing and a passing example.")

    @Argument(help: "A rule id, as printed in brackets by htl check.")
    var rule: String

    func run() throws {
        guard let id = RuleID(rawValue: rule) else {
            let suggestion = Suggestion.closest(to: rule, in: RuleID.allCases.map(\.rawValue))
            throw HTLError("no rule '\(rule)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + "; htl rules lists them all")
        }
        Output.write(RuleExplanation.text(id))
    }
}
