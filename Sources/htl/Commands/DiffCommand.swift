import HTLCommandLine
import HTLKit

struct DiffCommand: HTLCommand {
    static let staged = Option.flag("staged", help: "Compare with what is staged instead of the working tree.")
    static let asOf = Option.value(
        "as-of", valueName: "yyyy-mm-dd",
        help: "Judge both sides on this day, to see what the changes alone did (default: each side on its own day).")
    static let from = Argument.optional("from", help: "The earlier revision (default: HEAD).")
    static let to = Argument.optional(
        "to", help: "The later revision (default: the working tree, or the index with --staged).")

    static let spec = CommandSpec(
        "diff",
        abstract: "Progress at one revision against another (default: HEAD against the working tree).",
        options: LedgerOptions.specs + [staged.spec, asOf.spec, ReportOptions.json.spec],
        arguments: [from.spec, to.spec])

    let options: LedgerOptions
    let from: String?
    let to: String?
    let staged: Bool
    let asOf: String?
    let json: Bool

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
        from = parsed[Self.from]
        to = parsed[Self.to]
        staged = parsed[Self.staged]
        asOf = parsed[Self.asOf]
        json = parsed[ReportOptions.json]
    }

    func run() throws {
        if to != nil, staged { throw HTLError("give a second revision or --staged, not both") }
        let fromName = from ?? "HEAD"
        // Each side on its own day (a revision on its commit's, the index and
        // the working tree today), or both on the day --as-of names.
        let day = try asOf.map { try LedgerOptions.date($0, option: "--as-of") }
        let before = try options.load { request in
            request.source = .revision(fromName)
            request.diffSide(on: day)
        }
        let after = try options.load { request in
            request.source = to.map { .revision($0) } ?? (staged ? .staged : .directory)
            request.diffSide(on: day)
        }
        let toName = to ?? (staged ? "index" : "worktree")
        let diff = ProgressDiff(from: before, to: after)
        let side = to ?? (staged ? "the index" : "the working tree")
        if json {
            Output.write(ReportJSON.diff(diff, from: fromName, to: toName))
        } else {
            Output.write(
                DiffText.render(
                    diff, from: fromName, to: side, width: Output.reportWidth(),
                    style: options.style()))
        }
        if after.errorCount > 0 {
            Output.error("\(after.errorCount) error\(after.errorCount == 1 ? "" : "s") in \(side); run htl check")
            throw ExitCode(1)
        }
    }
}
