import HTLCommandLine
import HTLKit

struct FmtCommand: HTLCommand {
    static let check = Option.flag("check", help: "Write nothing; list the files that would change and exit 1 if any.")
    static let diff = Option.flag("diff", help: "Write nothing; print a unified diff of what would change.")
    static let paths = Argument.repeated(
        "paths", help: "Only these files or folders (default: the whole ledger).", completion: .files)

    static let spec = CommandSpec(
        "fmt",
        abstract: "Rewrite ledger files in canonical form (keys in order, canonical scalars, comments kept).",
        options: LedgerOptions.specs + [check.spec, diff.spec],
        arguments: [paths.spec])

    let options: LedgerOptions
    let paths: [String]
    let check: Bool
    let diff: Bool

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
        paths = parsed[Self.paths]
        check = parsed[Self.check]
        diff = parsed[Self.diff]
    }

    func run() throws {
        let request = try options.request()
        let selected = try options.ledgerPaths(paths, root: request.root)
        if check || diff {
            try report(FormatPlan(try LedgerLoader.load(FormatPlan.request(request)), selecting: selected))
            return
        }
        let applied = try FormatPlan.apply(selecting: selected, ledger: request, waiting: options.waiting())
        refuse(applied.plan)
        for message in applied.refusals { Output.error("htl: not formatted: " + message) }
        let out = applied.formatted.map { "formatted \($0)\n" }.joined()
        if !out.isEmpty { Output.say(out) }
        if !applied.plan.refused.isEmpty || !applied.refusals.isEmpty { throw ExitCode(1) }
    }

    /// `--check` and `--diff`: what would change, nothing written.
    private func report(_ plan: FormatPlan) throws {
        refuse(plan)
        if diff {
            let diffs = plan.changes.map { UnifiedDiff.render(old: $0.original, new: $0.canonical, path: $0.path) }
            Output.write(diffs.joined())
        } else if !plan.changes.isEmpty {
            Output.say(plan.changes.map { $0.path + "\n" }.joined())
        }
        if check, !plan.changes.isEmpty {
            Output.error("\(plan.changes.count) file\(plan.changes.count == 1 ? "" : "s") would be reformatted")
            throw ExitCode(1)
        }
        if !plan.refused.isEmpty { throw ExitCode(1) }
    }

    private func refuse(_ plan: FormatPlan) {
        for file in plan.refused { Output.error("htl: not formatted: \(file.path): \(file.reason)") }
    }
}
