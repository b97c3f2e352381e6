import HTLCommandLine
import HTLKit

struct ExportCommand: HTLCommand {
    enum Format: String, CaseIterable {
        case json, csv
    }

    static let json = Option.flag("json", help: "Print JSON (the default format).")
    static let format = Option.choice(
        "format", help: "json (the model, to standard output) or csv (the app's four files, into the -o folder).",
        default: Format.json)
    static let output = Option.value(
        "output", short: "o", valueName: "dir", help: "The folder for the CSV files (created if missing).",
        completion: .directories)

    static let spec = CommandSpec(
        "export",
        abstract: "The whole model, with computed progress, as JSON; or as the Ten Week Goal app's four CSV files.",
        discussion: """
            htl export > ledger.json
            htl export --format csv -o exports/    \
            (values_export.csv, terms_export.csv, goals_export.csv, actions_export.csv)
            """,
        options: LedgerOptions.specs + [json.spec, format.spec, output.spec])

    let options: LedgerOptions
    let json: Bool
    let format: Format
    let output: String?

    init(_ parsed: inout ParsedCommand) throws {
        options = LedgerOptions(&parsed)
        json = parsed[Self.json]
        format = parsed[Self.format]
        output = parsed[Self.output]
        if json, format == .csv { throw UsageError("--json and --format csv contradict each other") }
        if format == .csv, output == nil {
            throw UsageError("--format csv writes four files: give their folder with -o DIR")
        }
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
