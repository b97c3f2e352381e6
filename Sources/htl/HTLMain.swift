import Glibc
import HTLCommandLine
import HTLKit

@main
struct HTLMain {
    static func main() {
        // A closed pipe (htl status | head, or git exiting early) and a file
        // size limit are errors to handle, not reasons to die silently.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        Interruption.removeTemporaryFileFirst()
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
            try run(CommandLineParser(HTL.spec).parse(Array(CommandLine.arguments.dropFirst())))
            Output.exit(0)
        } catch let error as UsageError {
            Output.error("htl: " + error.message)
            Output.exit(2)
        } catch let error as HTLError {
            Output.error("htl: " + error.message)
            Output.exit(2)
        } catch let refusal as AtomicFile.Refusal {
            Output.error("htl: " + refusal.message)
            Output.exit(2)
        } catch let code as ExitCode {
            Output.exit(code.rawValue)
        } catch {
            Output.error("htl: \(error)")
            Output.exit(2)
        }
    }

    static func run(_ invocation: Invocation) throws {
        switch invocation {
        case .version:
            Output.write(HTL.version + "\n")
        case .help(let path, let spec):
            Output.write(HelpText.render(spec, path: path))
        case .complete(let index, let words):
            Output.write(ShellCompletion.answer(index: index, words: words))
        case .run(var parsed):
            guard let command = HTL.commands.first(where: { $0.path == Array(parsed.path.dropFirst()) }) else {
                throw HTLError("\(parsed.name) is not a command")
            }
            // A command that reads the ledger once and ends takes its memory in 2 MB
            // pages; the servers live long and give memory back. A worker thread starts
            // now (after the allocator is set up, which must come before any other
            // thread allocates), ready by the time the command first shares work out
            // over the cores (`Parallel.wake`).
            if command != LspCommand.self, command != McpCommand.self, command != ServeCommand.self {
                ProcessMemory.preferLargePages()
            }
            Parallel.wake()
            try command.init(&parsed).run()
        }
    }
}

/// htl's command line: every command, in the order help lists them.
enum HTL {
    static let version = "0.1.0"

    /// The commands that run, by their path below `htl` (`hook install`).
    static let commands: [any HTLCommand.Type] = [
        CheckCommand.self, StatusCommand.self, ProgressCommand.self, ValuesCommand.self, TermsCommand.self,
        ActionsCommand.self, LogCommand.self, StartCommand.self, StopCommand.self, SwitchCommand.self,
        ResumeCommand.self, NewCommand.self, FmtCommand.self, DiffCommand.self,
        ExportCommand.self, ImportCommand.self, ReportCommand.self, NextCommand.self, DueCommand.self,
        CalendarCommand.self,
        ReviewCommand.self, McpCommand.self, ServeCommand.self, InitCommand.self, HookInstallCommand.self,
        MergeLogCommand.self,
        RulesCommand.self,
        ExplainCommand.self,
        CompletionsCommand.self, LspCommand.self, ManualCommand.self,
    ]

    static let spec = CommandSpec(
        "htl",
        abstract: "Plain-text goals in git: check, report, format and log your ledger.",
        subcommands: commands.reduce(into: []) { specs, command in
            let spec = command.group ?? command.spec
            if !specs.contains(where: { $0.name == spec.name }) { specs.append(spec) }
        })
}

/// The raw command line, before Swift decodes it (and would replace bytes
/// that are not UTF-8 with U+FFFD, writing them to the log unnoticed).
enum Arguments {
    static func firstInvalidUTF8() -> (index: Int, shown: String)? {
        for (i, bytes) in (FileSystem.rawArguments() ?? []).enumerated().dropFirst()
        where !UTF8Validation.isValid(bytes) {
            return (i, TerminalText.escapedBytes(bytes))
        }
        return nil
    }
}
