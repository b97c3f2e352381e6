import ArgumentParser
import HTLKit

struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Append one action to the log, after checking it against the ledger.",
        discussion: "Example: htl log Morning run 5.8km 35min +run-100km #outdoors")

    @OptionGroup var options: LedgerOptions

    @Argument(help: "The action: words, quantities (5.8km), links (+goal), tags (#tag), \"quoted text\".")
    var text: [String]

    @Option(help: ArgumentHelp("The action's date (default: today).", valueName: "yyyy-mm-dd"))
    var date: String?

    @Option(help: ArgumentHelp("The action's time.", valueName: "hh:mm"))
    var time: String?

    @Option(help: ArgumentHelp("The log file (default: log/<year>.log).", valueName: "file"))
    var file: String?

    @Flag(help: "Check the line and print it, but write nothing.")
    var dryRun = false

    func run() throws {
        let loaded = try options.load()
        guard !text.isEmpty else { throw HTLError("nothing to log: give the action's text") }
        let day = try date.map { try LedgerOptions.date($0, option: "--date") } ?? loaded.today
        let clock = try time.map { try LedgerOptions.time($0, option: "--time") }
        let path = try file.map { try options.ledgerPaths([$0], root: loaded.root)[0] }
        let entry = try LogEntry(text: text.joined(separator: " "), date: day, time: clock, path: path, in: loaded)
        if !entry.diagnostics.isEmpty {
            let report = CheckReport(diagnostics: entry.diagnostics, fileCount: 1)
            Output.errorRendered(DiagnosticRenderer.text(report, files: [entry.file], style: options.errorStyle()))
        }
        if entry.hasErrors {
            Output.error("nothing written")
            throw ExitCode(1)
        }
        if !dryRun {
            try AtomicFile.appendLine(Array(entry.line.utf8), to: entry.path, in: loaded.root, header: Array(entry.header.utf8))
        }
        Output.say(entry.line)
    }
}

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a goal, value or term from a template.")

    @OptionGroup var options: LedgerOptions

    @Argument(help: "goal, value or term.")
    var kind: String

    @Argument(help: "The id: the file name without .md (lowercase letters, digits, '-').")
    var id: String

    @Option(help: "The title (default: from the id).")
    var title: String?

    func run() throws {
        guard let which = EntityTemplate.Kind(rawValue: kind) else {
            throw HTLError("htl new makes a goal, a value or a term, not '\(kind)'")
        }
        let loaded = try options.load()
        let made = try EntityTemplate.make(which, id: id, title: title, in: loaded)
        try AtomicFile.create(made.path, in: loaded.root, bytes: Array(made.text.utf8))
        Output.say("created \(made.path)")
        if let note = made.note { Output.error("note: " + note) }
    }
}
