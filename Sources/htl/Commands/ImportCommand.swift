import HTLClock
import HTLCommandLine
import HTLKit

struct ImportCommand: HTLCommand {
    static let rules = Option.value(
        "rules", valueName: "rules.yaml",
        help: "The rules file for csv: which columns are the date, the description, quantities.", completion: .files)
    static let dryRun = Option.flag(
        "dry-run", help: "Check everything and print what would be written, but write nothing.")
    static let format = Argument.required(
        "format", help: "tenweek (the app's JSON or CSV exports) or csv (with --rules).",
        completion: .list(["tenweek", "csv"]))
    static let files = Argument.repeated("files", help: "The files to import.", completion: .files)

    static let spec = CommandSpec(
        "import",
        abstract: "Bring values, terms, goals and actions in from the Ten Week Goal app, or actions from any CSV file.",
        discussion: """
            htl import tenweek values_export.json terms_export.json goals_export.json actions_export.json
            htl import csv activities.csv --rules strava.rules.yaml
            Everything is checked before anything is written; what was imported before is skipped, \
            so running an import again adds nothing. See docs/IMPORT.md.
            """,
        options: LedgerOptions.specs + [rules.spec, dryRun.spec],
        arguments: [format.spec, files.spec])

    /// Larger than any export of a life's goals (the app's whole history is
    /// a few MiB); a bigger file is the wrong file.
    static let largestInput = 64 * 1_048_576

    let options: LedgerOptions
    let format: String
    let files: [String]
    let rules: String?
    let dryRun: Bool

    init(_ parsed: inout ParsedCommand) throws {
        options = LedgerOptions(&parsed)
        format = parsed[Self.format]
        files = parsed[Self.files]
        rules = parsed[Self.rules]
        dryRun = parsed[Self.dryRun]
        guard ["tenweek", "csv"].contains(format) else {
            throw UsageError(
                "htl import reads 'tenweek' (the Ten Week Goal app's exports) "
                    + "or 'csv' (with --rules), not '\(format)'")
        }
        guard !files.isEmpty else { throw UsageError("give the files to import") }
        if format == "csv", rules == nil {
            throw UsageError("htl import csv needs --rules RULES.yaml (docs/IMPORT.md)")
        }
        if format == "tenweek", rules != nil { throw UsageError("--rules is for htl import csv") }
    }

    func run() throws {
        let inputs = try files.map { (name: $0, bytes: try FileSystem.read($0, atMost: Self.largestInput)) }
        let rulesFile = try rules.map { (name: $0, bytes: try FileSystem.read($0, atMost: Self.largestInput)) }
        let ledger = try options.request()
        let plan = try ImportPlan.run(dryRun: dryRun, ledger: ledger, waiting: try options.waiting()) { loaded in
            if let rulesFile {
                return try CSVRulesImport.plan(inputs, rules: rulesFile, into: loaded, utcOffset: Clock.utcOffset(at:))
            }
            return try TenWeekImport.plan(inputs, into: loaded, utcOffset: Clock.utcOffset(at:))
        }
        for problem in plan.problems { Output.error("error: " + problem) }
        if !plan.diagnostics.isEmpty {
            let report = CheckReport(diagnostics: plan.diagnostics, fileCount: plan.proposedFiles.count)
            let text = DiagnosticRenderer.text(
                report, files: plan.proposedFiles, style: options.errorStyle(), origin: plan.origin(of:))
            Output.errorRendered(text)
        }
        if plan.hasErrors {
            Output.error("nothing written")
            throw ExitCode(1)
        }
        if dryRun {
            Output.write(plan.preview())
            return
        }
        Output.write(plan.summary(written: true))
    }
}
