import HTLCommandLine
import HTLKit

struct CheckCommand: HTLCommand {
    enum Format: String, CaseIterable {
        case text, json, github
    }

    static let staged = Option.flag(
        "staged",
        help: "Check what is staged for the next commit (git's index), not the working tree; "
            + "committed log lines must stay as they are.")
    static let since = Option.value(
        "since", valueName: "rev", help: "Committed log lines at this revision must stay as they are (log-rewrite).")
    static let strict = Option.flag("strict", help: "Exit 1 on warnings too.")
    static let format = Option.choice("format", help: "Output format: text, json or github.", default: Format.text)
    static let stdinFilename = Option.value(
        "stdin-filename", valueName: "path",
        help: "Check standard input as the content of this file (an editor's unsaved buffer); "
            + "only its findings are shown unless PATHs are given.")
    static let paths = Argument.repeated(
        "paths",
        help: "Only show findings in these files or folders "
            + "(references are still resolved against the whole ledger).",
        completion: .files)

    static let spec = CommandSpec(
        "check",
        abstract: "Parse and validate the whole ledger; print every finding.",
        options: LedgerOptions.specs + [staged.spec, since.spec, strict.spec, format.spec, stdinFilename.spec],
        arguments: [paths.spec])

    let options: LedgerOptions
    let paths: [String]
    let staged: Bool
    let since: String?
    let strict: Bool
    let format: Format
    let stdinFilename: String?

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
        paths = parsed[Self.paths]
        staged = parsed[Self.staged]
        since = parsed[Self.since]
        strict = parsed[Self.strict]
        format = parsed[Self.format]
        stdinFilename = parsed[Self.stdinFilename]
    }

    func run() throws {
        var buffer: (path: String, bytes: [UInt8])?
        if let stdinFilename {
            let path = try options.ledgerPaths([stdinFilename], root: try options.ledgerRoot())[0]
            let bytes = try Input.standardInput(atMost: LedgerDirectory.largestFile, what: "standard input (\(path))")
            buffer = (path, bytes)
        }
        let loaded = try options.load { request in
            if let buffer { request.overrides[buffer.path] = buffer.bytes }
            request.source = staged ? .staged : .directory
            // Inside git a plain check also applies the append-only rule against HEAD (CLI.md).
            request.appendOnly = since.map { .revision($0) } ?? (staged ? .head : .headWhenInGit)
            request.formatting = true
        }
        let selected =
            try options.ledgerPaths(paths, root: loaded.root)
            + (paths.isEmpty ? buffer.map { [$0.path] } ?? [] : [])
        let names = loaded.files.map(\.path)
        if let typo = loaded.check.unmatched(selected, files: names).first {
            throw HTLError("no ledger file or folder \(typo)" + (staged ? " is staged" : ""))
        }
        let report = loaded.check.limited(to: selected, files: names)
        switch format {
        case .text:
            Output.write(DiagnosticRenderer.text(report, files: loaded.files, style: options.style()))
            Output.error(DiagnosticRenderer.summary(report))
        case .json:
            Output.write(DiagnosticRenderer.json(report))
        case .github:
            Output.write(DiagnosticRenderer.github(report))
            Output.error(DiagnosticRenderer.summary(report))
        }
        if report.fails(strict: strict) { throw ExitCode(1) }
    }
}
