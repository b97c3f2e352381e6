import Glibc
import HTLCommandLine
import HTLKit

struct DiffCommand: HTLCommand {
    static let spec = CommandSpec(
        "diff",
        abstract: "Progress at one revision against another (default: HEAD against the working tree).",
        options: LedgerOptions.specs + [
            .flag("staged", help: "Compare with what is staged instead of the working tree."),
            ReportOptions.json,
        ],
        arguments: [
            ArgumentSpec("from", help: "The earlier revision (default: HEAD).", isOptional: true),
            ArgumentSpec("to", help: "The later revision (default: the working tree, or the index with --staged).", isOptional: true),
        ])

    let options: LedgerOptions
    let from: String?
    let to: String?
    let staged: Bool
    let json: Bool

    init(_ parsed: ParsedCommand) {
        options = LedgerOptions(parsed)
        from = parsed.argument("from")
        to = parsed.argument("to")
        staged = parsed.flag("staged")
        json = parsed.flag("json")
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
            Output.write(DiffText.render(diff, from: fromName, to: side, today: after.today, width: Output.reportWidth(), style: options.style()))
        }
        if after.errorCount > 0 {
            Output.error("\(after.errorCount) error\(after.errorCount == 1 ? "" : "s") in \(side); run htl check")
            throw ExitCode(1)
        }
    }
}

/// `htl hook`: groups the git hook commands.
enum HookCommand {
    static let spec = CommandSpec("hook", abstract: "Git hooks.", subcommands: [HookInstallCommand.spec])
}

struct HookInstallCommand: HTLCommand {
    static let spec = CommandSpec(
        "install",
        abstract: "Install a git pre-commit hook that runs htl check --staged (an existing hook is kept).",
        options: LedgerOptions.specs)

    static var group: CommandSpec? { HookCommand.spec }

    let options: LedgerOptions

    init(_ parsed: ParsedCommand) {
        options = LedgerOptions(parsed)
    }

    func run() throws {
        switch try PreCommitHook.install(ledger: try options.ledgerRoot(), htlPath: Self.executablePath(), waiting: try options.waiting()) {
        case .installed(let path):
            Output.say("installed \(path): every commit now runs htl check --staged")
        case .alreadyInstalled(let path):
            Output.say("already installed: \(path)")
        case .keptExisting(let path, let line):
            Output.error("htl: a pre-commit hook already exists at \(path); it was kept.\nTo check the ledger too, add this line to it:\n  \(line)")
            throw ExitCode(1)
        }
    }

    /// This program's own path, for the hook to fall back on when htl is not on PATH.
    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "htl"
    }
}
