#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import HTLKit

@main
struct HTLMain {
    static func main() {
        // A closed pipe (htl status | head, or git exiting early) is an error
        // to handle, not a reason to die silently.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try HTL.parseAsRoot()
            try command.run()
        } catch let error as HTLError {
            Output.error("htl: " + error.message)
            Output.exit(2)
        } catch let code as ExitCode {
            Output.exit(code.rawValue)
        } catch {
            if HTL.exitCode(for: error) == .success {
                Output.write(HTL.fullMessage(for: error) + "\n")
                Output.exit(0)
            }
            // Usage errors exit 2, as every other failure that is not about the ledger.
            Output.error(HTL.fullMessage(for: error))
            Output.exit(2)
        }
    }
}

struct HTL: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "htl",
        abstract: "Plain-text goals in git: check, report, format and log your ledger.",
        version: "0.1.0",
        subcommands: [
            CheckCommand.self, StatusCommand.self, ProgressCommand.self, ValuesCommand.self, TermsCommand.self,
            ActionsCommand.self, LogCommand.self, NewCommand.self, FmtCommand.self, DiffCommand.self,
            ExportCommand.self, ReportCommand.self, InitCommand.self, HookCommand.self, RulesCommand.self, ExplainCommand.self,
        ]
    )
}
