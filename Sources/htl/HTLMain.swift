import ArgumentParser
import Glibc
import HTLKit

@main
struct HTLMain {
    static func main() {
        // A closed pipe (htl status | head, or git exiting early) and a file
        // size limit are errors to handle, not reasons to die silently.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        // A lease break (another program opening a file fmt is replacing) is
        // noticed by asking, not by a signal.
        signal(SIGIO, SIG_IGN)
        // Swift on Linux reads the command line through /proc: without it there is none, not even htl's own name.
        if CommandLine.argc < 1 {
            Output.error("htl: cannot read the command line (Swift reads it through /proc; is /proc mounted?)")
            Output.exit(2)
        }
        if let bad = Arguments.firstInvalidUTF8() {
            Output.error("htl: argument \(bad.index) is not valid UTF-8 (\(bad.shown)); htl takes UTF-8 text only")
            Output.exit(2)
        }
        do {
            var command = try HTL.parseAsRoot()
            try command.run()
            Output.exit(0)
        } catch let error as HTLError {
            Output.error("htl: " + error.message)
            Output.exit(2)
        } catch let refusal as AtomicFile.Refusal {
            Output.error("htl: " + refusal.message)
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
            ExportCommand.self, ImportCommand.self, ReportCommand.self, NextCommand.self, DueCommand.self, CalendarCommand.self, ReviewCommand.self, McpCommand.self, InitCommand.self, HookCommand.self, RulesCommand.self, ExplainCommand.self, CompletionsCommand.self, LspCommand.self,
        ]
    )
}

/// The raw command line, before Swift decodes it (and would replace bytes
/// that are not UTF-8 with U+FFFD, writing them to the log unnoticed).
enum Arguments {
    static func firstInvalidUTF8() -> (index: Int, shown: String)? {
        for i in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[i] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                                  count: strlen(pointer)))
            if !UTF8Validation.isValid(bytes) { return (i, TerminalText.escapedBytes(bytes)) }
        }
        return nil
    }
}
