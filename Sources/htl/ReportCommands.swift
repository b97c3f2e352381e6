import HTLCommandLine
import HTLKit

struct StatusCommand: HTLCommand {
    static let spec = CommandSpec(
        "status",
        abstract: "The dashboard: the current term and every goal in attention order (what needs you first).",
        options: LedgerOptions.specs + [
            .value("term", help: "Show this term (by number) and only the goals committed to it."),
            .flag("all", help: "Also show completed and dropped goals."),
            ReportOptions.json,
        ])

    let options: LedgerOptions
    let term: Int?
    let all: Bool
    let json: Bool

    init(_ parsed: ParsedCommand) throws {
        options = LedgerOptions(parsed)
        term = try parsed.integer("term")
        all = parsed.flag("all")
        json = parsed.flag("json")
    }

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

struct ProgressCommand: HTLCommand {
    static let spec = CommandSpec(
        "progress",
        abstract: "One goal in detail: targets, pace, checklist, values and actions.",
        options: ReportOptions.specs,
        arguments: [ArgumentSpec("goal", help: "The goal's id (its file name without .md), or the start of one.", completion: ShellCompletion.goalIDs)])

    let report: ReportOptions
    let goal: String

    init(_ parsed: ParsedCommand) {
        report = ReportOptions(parsed)
        goal = parsed.argument("goal") ?? ""
    }

    func run() throws {
        let context = try ReportContext(report.ledger)
        let id = try context.goalID(goal.hasPrefix("+") ? String(goal.dropFirst()) : goal)
        guard let g = context.report.goal(id) else { throw HTLError("no goal '\(id)'") }
        if report.json {
            Output.write(ReportJSON.progress(g, ledger: context.ledger, report: context.report))
        } else {
            Output.write(ProgressText.render(g, ledger: context.ledger, report: context.report, width: context.width, style: context.style))
        }
        try context.finish()
    }
}

struct ValuesCommand: ReportViewCommand {
    static let spec = CommandSpec(
        "values",
        abstract: "Value alignment: goals per value, strength, progress, recent actions, neglected values.",
        options: ReportOptions.specs)

    let report: ReportOptions

    static func json(_ context: ReportContext) -> String { ReportJSON.values(context.report) }
    static func text(_ context: ReportContext) -> String { ValuesText.render(context.report, width: context.width, style: context.style) }
}

struct TermsCommand: ReportViewCommand {
    static let spec = CommandSpec(
        "terms",
        abstract: "Every term: dates, state, week, committed goals and mean progress.",
        options: ReportOptions.specs)

    let report: ReportOptions

    static func json(_ context: ReportContext) -> String { ReportJSON.terms(context.report) }
    static func text(_ context: ReportContext) -> String { TermsText.render(context.report, width: context.width, style: context.style) }
}

struct ActionsCommand: HTLCommand {
    static let spec = CommandSpec(
        "actions",
        abstract: "Actions, newest first, grouped Today / Yesterday / This week / Last week / Earlier.",
        options: LedgerOptions.specs + [
            .value("goal", help: "Only actions that count toward this goal (an id or the start of one).", completion: ShellCompletion.goalIDs),
            .value("tag", help: "Only actions with this tag."),
            .value("from", valueName: "yyyy-mm-dd", help: "Only actions on or after this date."),
            .value("to", valueName: "yyyy-mm-dd", help: "Only actions on or before this date."),
            ReportOptions.json,
        ])

    let options: LedgerOptions
    let goal: String?
    let tag: String?
    let from: String?
    let to: String?
    let json: Bool

    init(_ parsed: ParsedCommand) {
        options = LedgerOptions(parsed)
        goal = parsed.value("goal")
        tag = parsed.value("tag")
        from = parsed.value("from")
        to = parsed.value("to")
        json = parsed.flag("json")
    }

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

struct ExportCommand: HTLCommand {
    static let spec = CommandSpec(
        "export",
        abstract: "The whole model, with computed progress, as JSON; or as the Ten Week Goal app's four CSV files.",
        discussion: """
            htl export > ledger.json
            htl export --format csv -o exports/    (values_export.csv, terms_export.csv, goals_export.csv, actions_export.csv)
            """,
        options: LedgerOptions.specs + [
            .flag("json", help: "Print JSON (the default format)."),
            .value("format", help: "json (the model, to standard output) or csv (the app's four files, into the -o folder).",
                   choices: Format.allCases.map(\.rawValue), defaultValue: Format.json.rawValue),
            .value("output", short: "o", valueName: "dir", help: "The folder for the CSV files (created if missing).", completion: .directories),
        ])

    enum Format: String, CaseIterable {
        case json, csv
    }

    let options: LedgerOptions
    let json: Bool
    let format: Format
    let output: String?

    init(_ parsed: ParsedCommand) throws {
        options = LedgerOptions(parsed)
        json = parsed.flag("json")
        format = parsed.choice("format", default: .json)
        output = parsed.value("output")
        if json, format == .csv { throw UsageError("--json and --format csv contradict each other") }
        if format == .csv, output == nil { throw UsageError("--format csv writes four files: give their folder with -o DIR") }
        if format == .json, output != nil { throw UsageError("-o is for --format csv; JSON goes to standard output") }
    }

    func run() throws {
        let context = try ReportContext(options)
        if format == .csv, let output {
            try FileSystem.makeFolders(output)
            let export = AppCSVExport(context.loaded)
            // The app's order: values, terms, goals, actions.
            for entity in TenWeekReader.Entity.allCases {
                let path = FileSystem.join(output, entity.fileName)
                try AtomicFile.writeOutput(to: path, ledger: context.root) { write in try export.write(entity, write) }
                Output.say("wrote \(path)")
            }
        } else {
            ReportJSON.export(context.ledger, report: context.report) { Output.write(bytes: $0) }
        }
        try context.finish()
    }
}
