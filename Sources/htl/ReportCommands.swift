import ArgumentParser
import HTLKit

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "The dashboard: the current term and every goal in attention order (what needs you first).")

    @OptionGroup var options: LedgerOptions

    @Option(help: "Show this term (by number) and only the goals committed to it.")
    var term: Int?

    @Flag(help: "Also show completed and dropped goals.")
    var all = false

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let context = try ReportContext(options)
        let report = context.report
        var shownTerm = report.currentTerm
        var goals = report.attentionOrdered.filter { all || ($0.state != .completed && $0.state != .dropped) }
        if let number = term {
            guard let chosen = report.terms.first(where: { $0.term.number == number }) else {
                let known = report.terms.map { String($0.term.number) }.joined(separator: ", ")
                throw HTLError("no term has number \(number)" + (known.isEmpty ? "" : " (terms: \(known))"))
            }
            shownTerm = chosen
            goals = goals.filter { $0.goal.terms.contains { $0.number == number } }
        }
        if json {
            Output.write(ReportJSON.status(report, term: shownTerm, goals: goals))
        } else {
            Output.write(StatusText.render(report, ledger: context.ledger, term: shownTerm, goals: goals,
                                           width: context.width, style: context.style))
        }
        try context.finish()
    }
}

struct ProgressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "One goal in detail: targets, pace, checklist, values and actions.")

    @OptionGroup var options: LedgerOptions

    @Argument(help: "The goal's id (its file name without .md), or the start of one.", completion: ShellCompletion.goalIDs)
    var goal: String

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let context = try ReportContext(options)
        let id = try context.goalID(goal.hasPrefix("+") ? String(goal.dropFirst()) : goal)
        guard let g = context.report.goal(id) else { throw HTLError("no goal '\(id)'") }
        if json {
            Output.write(ReportJSON.progress(g, ledger: context.ledger, report: context.report))
        } else {
            Output.write(ProgressText.render(g, ledger: context.ledger, report: context.report, width: context.width, style: context.style))
        }
        try context.finish()
    }
}

struct ValuesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "values",
        abstract: "Value alignment: goals per value, strength, progress, recent actions, neglected values.")

    @OptionGroup var options: LedgerOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let context = try ReportContext(options)
        Output.write(json ? ReportJSON.values(context.report)
                          : ValuesText.render(context.report, width: context.width, style: context.style))
        try context.finish()
    }
}

struct TermsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "terms",
        abstract: "Every term: dates, state, week, committed goals and mean progress.")

    @OptionGroup var options: LedgerOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let context = try ReportContext(options)
        Output.write(json ? ReportJSON.terms(context.report)
                          : TermsText.render(context.report, width: context.width, style: context.style))
        try context.finish()
    }
}

struct ActionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "actions",
        abstract: "Actions, newest first, grouped Today / Yesterday / This week / Last week / Earlier.")

    @OptionGroup var options: LedgerOptions

    @Option(help: "Only actions that count toward this goal (an id or the start of one).", completion: ShellCompletion.goalIDs)
    var goal: String?

    @Option(help: "Only actions with this tag.")
    var tag: String?

    @Option(help: ArgumentHelp("Only actions on or after this date.", valueName: "yyyy-mm-dd"))
    var from: String?

    @Option(help: ArgumentHelp("Only actions on or before this date.", valueName: "yyyy-mm-dd"))
    var to: String?

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let context = try ReportContext(options)
        let filter = ActionFilter(
            goal: try goal.map { try context.goalID($0.hasPrefix("+") ? String($0.dropFirst()) : $0) },
            tag: tag.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 },
            from: try from.map { try LedgerOptions.date($0, option: "--from") },
            to: try to.map { try LedgerOptions.date($0, option: "--to") })
        let indices = filter.apply(context.ledger, context.report)
        Output.write(json ? ReportJSON.actions(indices, ledger: context.ledger, report: context.report)
                          : ActionsText.render(indices, ledger: context.ledger, report: context.report,
                                               width: context.width, style: context.style))
        try context.finish()
    }
}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "The whole model, with computed progress, as JSON; or as the Ten Week Goal app's four CSV files.",
        discussion: """
            htl export > ledger.json
            htl export --format csv -o exports/    (values_export.csv, terms_export.csv, goals_export.csv, actions_export.csv)
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, csv
    }

    @OptionGroup var options: LedgerOptions

    @Flag(help: "Print JSON (the default format).")
    var json = false

    @Option(help: "json (the model, to standard output) or csv (the app's four files, into the -o folder).")
    var format: Format = .json

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The folder for the CSV files (created if missing).", valueName: "dir"),
            completion: .directory)
    var output: String?

    func validate() throws {
        if json, format == .csv { throw ValidationError("--json and --format csv contradict each other") }
        if format == .csv, output == nil { throw ValidationError("--format csv writes four files: give their folder with -o DIR") }
        if format == .json, output != nil { throw ValidationError("-o is for --format csv; JSON goes to standard output") }
    }

    func run() throws {
        let context = try ReportContext(options)
        if format == .csv, let output {
            try FileSystem.makeFolders(output)
            for file in AppCSVExport.files(context.loaded) {
                let path = FileSystem.join(output, file.name)
                try AtomicFile.writeOutput(Array(file.text.utf8), to: path, ledger: context.root)
                Output.say("wrote \(path)")
            }
        } else {
            ReportJSON.export(context.ledger, report: context.report) { Output.write(bytes: $0) }
        }
        try context.finish()
    }
}
