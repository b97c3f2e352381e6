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
        let files = LedgerTemplate.files(today: todayDate)
        // Like every writer: nothing is written that htl check would reject.
        let (_, proposed) = LedgerLoader.load(files: files.map { SourceFile(path: $0.path, text: $0.text) }, today: todayDate)
        if let error = proposed.diagnostics.first(where: \.isError) {
            throw HTLError("the new ledger would not pass htl check on \(todayDate): \(error.location): \(error.message); nothing written")
        }
        let existing = files.map(\.path).filter { FileSystem.kind(of: FileSystem.join(target, $0)) != .missing || FileSystem.isSymbolicLink(FileSystem.join(target, $0)) }
        guard existing.isEmpty else {
            throw HTLError("not creating a ledger over existing files: " + existing.map { FileSystem.join(shown, $0) }.joined(separator: ", "))
        }
        try FileSystem.makeFolders(target)
        let root = try LedgerRoot(target)
        for folder in LedgerTemplate.folders {
            try AtomicFile.makeFolders(folder, in: root)
        }
        for file in files {
            try AtomicFile.create(file.path, in: root, bytes: Array(file.text.utf8))
        }
        var written = files.map(\.path)
        let ignore = LedgerTemplate.gitignore
        if FileSystem.kind(of: FileSystem.join(target, ignore.path)) == .missing, !FileSystem.isSymbolicLink(FileSystem.join(target, ignore.path)) {
            try AtomicFile.create(ignore.path, in: root, bytes: Array(ignore.text.utf8))
            written.append(ignore.path)
        }
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
