import HTLCommandLine
import HTLKit

struct LogCommand: HTLCommand {
    static let date = Option.value("date", valueName: "yyyy-mm-dd", help: "The action's date (default: today).")
    static let time = Option.value("time", valueName: "hh:mm", help: "The action's time.")
    static let file = Option.value(
        "file", valueName: "file", help: "The log file (default: log/<year>.log).", completion: .files)
    static let dryRun = Option.flag("dry-run", help: "Check the line and print it, but write nothing.")
    static let text = Argument.rest(
        "text",
        help: "The action, best quoted as one argument: words, quantities (5.8km, -0.8km), links (+goal), "
            + "tags (#tag), \"quoted text\". '-' reads it from standard input.",
        completion: ShellCompletion.logWord)

    static let spec = CommandSpec(
        "log",
        abstract: "Append one action to the log, after checking it against the ledger.",
        discussion: """
            Quote the line, so that the shell keeps its #tags and quotes:
              htl log "Morning run 5.8km 35min +run-100km #outdoors"
              htl log "Correction for the 20th -0.8km +run-100km"
              echo "Read 30pages +read-6-books" | htl log -
            With no text on a terminal, htl asks for the line.
            """,
        options: LedgerOptions.specs + [date.spec, time.spec, file.spec, dryRun.spec],
        arguments: [text.spec])

    /// More than one action could ever need: a longer input is refused, not cut.
    static let longestInput = 1 << 20

    let options: LedgerOptions
    let text: [String]
    let date: String?
    let time: String?
    let file: String?
    let dryRun: Bool

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
        text = parsed[Self.text]
        date = parsed[Self.date]
        time = parsed[Self.time]
        file = parsed[Self.file]
        dryRun = parsed[Self.dryRun]
    }

    func run() throws {
        let text = try actionText()
        let day = try date.map { try LedgerOptions.date($0, option: "--date") }
        let clock = try time.map { try LedgerOptions.time($0, option: "--time") }
        let request = try options.request()
        let path = try file.map { try options.ledgerPaths([$0], root: request.root)[0] }
        let entry = try LogEntry.log(
            text, date: day, time: clock, path: path, dryRun: dryRun, ledger: request,
            waiting: try options.waiting())
        if !entry.diagnostics.isEmpty {
            let report = CheckReport(diagnostics: entry.diagnostics, fileCount: 1)
            Output.errorRendered(DiagnosticRenderer.text(report, files: [entry.file], style: options.errorStyle()))
        }
        if entry.hasErrors {
            Output.error("nothing written")
            throw ExitCode(1)
        }
        Output.say(entry.line)
        if let note = entry.dateNote { Output.error(Self.words(note, entry, dryRun: dryRun)) }
        for u in entry.unreadableGoals {
            Output.error(
                "warning: goal '\(u.id)' has errors in its file: \(u.location): \(u.message); the line is "
                    + (dryRun ? "valid" : "written") + ", and counts toward it once the file is fixed (htl check)")
        }
    }

    /// "note: 2026-11-02 is 20 days before the latest line of log/2026.log
    /// (2026-11-22); if you meant another day, ...".
    static func words(_ note: LogEntry.DateNote, _ entry: LogEntry, dryRun: Bool) -> String {
        let date = String(entry.line.prefix(10))
        let fix =
            dryRun
            ? "give it with --date" : "remove the line before you commit, and log it again with --date"
        switch note {
        case .beforeLatest(let latest, let days):
            return "note: \(date) is \(days) days before the latest line of \(entry.path) (\(latest)); "
                + "if you meant another day, \(fix)"
        case .otherYear(let year):
            return "note: \(date) is not in \(year), the year of \(entry.path); if you meant \(year), \(fix)"
        }
    }

    /// The action's text: the arguments (negative quantities such as -0.8km
    /// are text; an unknown option is an error, not text), standard input
    /// for `-`, or a line typed at a prompt when there is no text on a terminal.
    func actionText() throws -> String {
        if text == ["-"] {
            let what = "the action on standard input"
            return try Input.oneLine(from: Input.standardInput(atMost: Self.longestInput, what: what), what: what)
        }
        if text.isEmpty {
            guard Input.isTerminal else {
                throw HTLError("nothing to log: give the action's text (quoted), or '-' to read it from standard input")
            }
            let typed = try Input.prompt("Action (words, quantities like 5km, +goal, #tag): ")
            return try Input.oneLine(from: typed, what: "the action")
        }
        for word in text where word.hasPrefix("-") && word.count > 1 {
            let next = word.dropFirst().first!
            if !(next.isNumber || next == ".") {
                let near = UsageError.nearOption(word, Self.spec.options).map { "did you mean '\($0)'?; " } ?? ""
                throw HTLError(
                    "unknown option '\(word)' for htl log (\(near)"
                        + "to log it as text, quote the whole line: htl log \"...\")")
            }
        }
        return text.joined(separator: " ")
    }
}
