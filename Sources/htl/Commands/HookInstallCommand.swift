import Glibc
import HTLCommandLine
import HTLKit

struct HookInstallCommand: HTLCommand {
    static let spec = CommandSpec(
        "install",
        abstract:
            "Install a git pre-commit hook that runs htl check --staged (an existing hook is kept), and register "
            + "htl merge-log as the merge driver of log files.",
        options: LedgerOptions.specs)

    static var group: CommandSpec? { HookCommand.spec }

    let options: LedgerOptions

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
    }

    func run() throws {
        let ledger = try options.ledgerRoot()
        let waiting = try options.waiting()
        let attributes = try LogMergeDriver.register(ledger: ledger, htlPath: Self.executablePath(), waiting: waiting)
        Output.say(
            "registered htl merge-log for log/**/*.log (git config merge.htl-log"
                + (attributes ? "; .gitattributes written)" : ")"))
        switch try PreCommitHook.install(ledger: ledger, htlPath: Self.executablePath(), waiting: waiting) {
        case .installed(let path):
            Output.say("installed \(path): every commit now runs htl check --staged")
        case .alreadyInstalled(let path):
            Output.say("already installed: \(path)")
        case .keptExisting(let path, let line):
            Output.error(
                "htl: a pre-commit hook already exists at \(path); it was kept.\n"
                    + "To check the ledger too, add this line to it:\n  \(line)")
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
