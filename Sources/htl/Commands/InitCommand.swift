import HTLCommandLine
import HTLKit

struct InitCommand: HTLCommand {
    static let directory = Argument.optional(
        "directory", help: "The folder for the ledger, relative to -C or the working folder (created when missing).",
        completion: .directories)

    static let empty = Option.flag(
        "empty",
        help: "Settings, measures and folders only, no example value, term, goal or log: a ledger to import into.")

    static let spec = CommandSpec(
        "init",
        abstract: "Create a new ledger: settings, measures, folders and one example of each file.",
        discussion: """
            htl init --empty, then htl import tenweek ...: the app's values, terms and goals \
            arrive in a ledger without examples beside them.
            """,
        options: LedgerOptions.specs + [empty.spec],
        arguments: [directory.spec])

    let options: LedgerOptions
    let directory: String
    let empty: Bool

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
        directory = parsed[Self.directory] ?? "."
        empty = parsed[Self.empty]
    }

    func run() throws {
        let todayDate = try options.todayDate()
        let base = options.ledger ?? FileSystem.currentDirectory()
        let target = directory.hasPrefix("/") ? directory : FileSystem.join(base, directory)
        let shown = options.ledger == nil ? directory : target
        let written = try LedgerTemplate.create(
            in: target, shown: shown, today: todayDate, empty: empty,
            waiting: try options.waiting())
        var out = "Created a\(empty ? "n empty" : "") ledger in \(shown):\n"
        for path in written { out += "  \(path)\n" }
        if try LogMergeDriver.registerIfInRepository(target, htlPath: HookInstallCommand.executablePath()) {
            out += "Registered htl merge-log for log files in this repository (git config merge.htl-log).\n"
        }
        let c = shown == "." ? "" : " -C \(TerminalText.escaped(ShellWord.minimal(shown)))"
        out += "Next:\n"
        if empty {
            out +=
                "  htl import\(c) tenweek values_export.json terms_export.json goals_export.json actions_export.json\n"
            out += "  htl new\(c) goal piano-20h\n"
            Output.say(out)
            return
        }
        out += "  htl status\(c)\n"
        out +=
            "  htl log\(c) 'First run 3km 1session +run-50km #outdoors'   "
            + "(quote the line: in a shell, # starts a comment)\n"
        Output.say(out)
    }
}
