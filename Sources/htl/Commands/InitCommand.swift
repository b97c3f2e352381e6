import HTLCommandLine
import HTLKit

struct InitCommand: HTLCommand {
    static let directory = Argument.optional(
        "directory", help: "The folder for the ledger, relative to -C or the working folder (created when missing).",
        completion: .directories)

    static let spec = CommandSpec(
        "init",
        abstract: "Create a new ledger: settings, measures, folders and one example of each file.",
        options: LedgerOptions.specs,
        arguments: [directory.spec])

    let options: LedgerOptions
    let directory: String

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
        directory = parsed[Self.directory] ?? "."
    }

    func run() throws {
        let todayDate = try options.todayDate()
        let base = options.ledger ?? FileSystem.currentDirectory()
        let target = directory.hasPrefix("/") ? directory : FileSystem.join(base, directory)
        let shown = options.ledger == nil ? directory : target
        let written = try LedgerTemplate.create(
            in: target, shown: shown, today: todayDate,
            waiting: try options.waiting())
        var out = "Created a ledger in \(shown):\n"
        for path in written { out += "  \(path)\n" }
        let c = shown == "." ? "" : " -C \(TerminalText.escaped(ShellWord.minimal(shown)))"
        out += "Next:\n"
        out += "  htl status\(c)\n"
        out +=
            "  htl log\(c) 'First run 3km 1session +run-50km #outdoors'   "
            + "(quote the line: in a shell, # starts a comment)\n"
        Output.say(out)
    }
}
