import HTLCommandLine
import HTLKit

struct DiffCommand: HTLCommand {
    static let staged = Option.flag("staged", help: "Compare with what is staged instead of the working tree.")
    static let from = Argument.optional("from", help: "The earlier revision (default: HEAD).")
    static let to = Argument.optional(
        "to", help: "The later revision (default: the working tree, or the index with --staged).")

    static let spec = CommandSpec(
        "diff",
        abstract: "Progress at one revision against another (default: HEAD against the working tree).",
        options: LedgerOptions.specs + [staged.spec, ReportOptions.json.spec],
        arguments: [from.spec, to.spec])

    let options: LedgerOptions
    let from: String?
    let to: String?
    let staged: Bool
    let json: Bool

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
        from = parsed[Self.from]
        to = parsed[Self.to]
        staged = parsed[Self.staged]
        json = parsed[ReportOptions.json]
    }

    func run() throws {
        if to != nil, staged { throw HTLError("give a second revision or --staged, not both") }
        let fromName = from ?? "HEAD"
        let before = try options.load { request in
            request.source = .revision(fromName)
            request.computeProgress = true
            request.warnings = false
        }
        let after = try options.load { request in
            request.source = to.map { .revision($0) } ?? (staged ? .staged : .directory)
            request.computeProgress = true
            request.warnings = false
        }
        let toName = to ?? (staged ? "index" : "worktree")
        let diff = ProgressDiff(from: before, to: after)
        let side = to ?? (staged ? "the index" : "the working tree")
        if json {
            Output.write(ReportJSON.diff(diff, from: fromName, to: toName))
        } else {
            Output.write(
                DiffText.render(
                    diff, from: fromName, to: side, today: after.today,
                    width: Output.reportWidth(), style: options.style()))
        }
        if after.errorCount > 0 {
            Output.error("\(after.errorCount) error\(after.errorCount == 1 ? "" : "s") in \(side); run htl check")
            throw ExitCode(1)
        }
    }
}
