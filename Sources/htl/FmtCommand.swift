import HTLCommandLine
import HTLKit

struct FmtCommand: HTLCommand {
    static let spec = CommandSpec(
        "fmt",
        abstract: "Rewrite ledger files in canonical form (keys in order, canonical scalars, comments kept).",
        options: LedgerOptions.specs + [
            .flag("check", help: "Write nothing; list the files that would change and exit 1 if any."),
            .flag("diff", help: "Write nothing; print a unified diff of what would change."),
        ],
        arguments: [ArgumentSpec("paths", help: "Only these files or folders (default: the whole ledger).", isRepeated: true, completion: .files)])

    let options: LedgerOptions
    let paths: [String]
    let check: Bool
    let diff: Bool

    init(_ parsed: ParsedCommand) {
        options = LedgerOptions(parsed)
        paths = parsed.arguments("paths")
        check = parsed.flag("check")
        diff = parsed.flag("diff")
    }

    func run() throws {
        // With `unformatted`: each file is formatted once while it is parsed, and the
        // plan then formats only the files that are not canonical.
        // Files with errors are refused; warnings change nothing here.
        let loaded = try options.load { request in
            request.formatting = true
            request.warnings = false
        }
        let root = loaded.root
        let plan = FormatPlan(loaded, selecting: try options.ledgerPaths(paths, root: root))
        var failed = false
        var out = ""
        for file in plan.refused {
            Output.error("htl: not formatted: \(file.path): \(file.reason)")
            failed = true
        }
        for change in plan.changes {
            if diff {
                out += UnifiedDiff.render(old: change.original, new: change.canonical, path: change.path)
            } else if check {
                out += change.path + "\n"
            } else {
                do {
                    try AtomicFile.replace(change.path, in: root, original: change.original, with: change.canonical)
                    out += "formatted \(change.path)\n"
                } catch let refusal as AtomicFile.Refusal {
                    Output.error("htl: not formatted: " + refusal.message)
                    failed = true
                }
            }
        }
        if diff { Output.write(out) } else if !out.isEmpty { Output.say(out) }
        if check, !plan.changes.isEmpty {
            Output.error("\(plan.changes.count) file\(plan.changes.count == 1 ? "" : "s") would be reformatted")
            failed = true
        }
        if failed { throw ExitCode(1) }
    }
}
