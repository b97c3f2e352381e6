import HTLCommandLine
import Testing

/// The command line's grammar, in process: how words become a command and
/// its values, the usage errors (exit 2) with their exact messages, help,
/// and what a shell is offered while typing.
@Suite struct CommandLineTests {
    /// A small tree in the shape of htl's: options shared by commands, a
    /// repeated argument, a text argument that takes unknown dashes, a group.
    static let root = CommandSpec("tool", abstract: "A tool.", subcommands: [
        CommandSpec("check", abstract: "Check things.", options: [
            .value("ledger", short: "C", valueName: "dir", help: "The folder.", completion: .directories),
            .value("format", help: "The format.", choices: ["text", "json"], defaultValue: "text"),
            .value("term", help: "A term."),
            .flag("strict", help: "Strict."),
        ], arguments: [ArgumentSpec("paths", help: "Paths.", isRepeated: true, completion: .files)]),
        CommandSpec("log", abstract: "Log a line.", options: [.flag("dry-run", help: "Write nothing.")],
                    arguments: [ArgumentSpec("text", help: "The line.", takesUnrecognized: true, completion: .custom("words"))]),
        CommandSpec("new", abstract: "Make one.", arguments: [
            ArgumentSpec("kind", help: "Goal or value.", completion: .list(["goal", "value"])),
            ArgumentSpec("id", help: "Its id."),
        ]),
        CommandSpec("hook", abstract: "Hooks.", subcommands: [CommandSpec("install", abstract: "Install it.")]),
        CommandSpec("__secret", abstract: "Hidden.", isHidden: true),
    ])

    static func parse(_ words: [String]) throws(UsageError) -> ParsedCommand {
        guard case .run(let parsed) = try CommandLineParser(root).parse(words) else {
            Issue.record("\(words) did not ask to run a command")
            return try! { () throws(UsageError) -> ParsedCommand in throw UsageError("") }()
        }
        return parsed
    }

    static func error(_ words: [String]) -> String? {
        do {
            _ = try CommandLineParser(root).parse(words)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func valuesComeInEveryUsualSpelling() throws {
        for words in [["check", "--ledger", "dir"], ["check", "--ledger=dir"], ["check", "-C", "dir"], ["check", "-Cdir"]] {
            #expect(try Self.parse(words).value("ledger") == "dir", "\(words)")
        }
        let parsed = try Self.parse(["check", "a.md", "--format", "json", "--strict", "b", "--format=text", "--", "--strict", "-C"])
        #expect(parsed.path == ["tool", "check"])
        #expect(parsed.value("format") == "text")  // the last one counts
        #expect(parsed.flag("strict"))
        #expect(parsed.arguments("paths") == ["a.md", "b", "--strict", "-C"])  // after --, words are arguments
        #expect(try Self.parse(["check"]).value("ledger") == nil)
        #expect(try Self.parse(["check"]).arguments("paths") == [])
        #expect(try Self.parse(["check", "--term", "7"]).integer("term") == 7)
        #expect(try Self.parse(["check", "--ledger", "-"]).value("ledger") == "-")
        #expect(try Self.parse(["hook", "install"]).path == ["tool", "hook", "install"])
        #expect(try Self.parse(["__secret"]).path == ["tool", "__secret"])
    }

    @Test func aTextArgumentKeepsDashesThatAreNoOption() throws {
        let parsed = try Self.parse(["log", "Correction", "-0.8km", "--dry-run", "-x", "--fast", "+run"])
        #expect(parsed.arguments("text") == ["Correction", "-0.8km", "-x", "--fast", "+run"])
        #expect(parsed.flag("dry-run"))
        #expect(try Self.parse(["log", "-"]).arguments("text") == ["-"])
    }

    @Test func usageErrorsSayWhatIsWrongAndWhereHelpIs() throws {
        #expect(Self.error(["check", "--bogus"]) == "unknown option '--bogus' for tool check (tool check --help lists what it takes)")
        #expect(Self.error(["check", "--bogus=1"]) == "unknown option '--bogus' for tool check (tool check --help lists what it takes)")
        #expect(Self.error(["check", "-x"]) == "unknown option '-x' for tool check (tool check --help lists what it takes)")
        #expect(Self.error(["chekc"]) == "unknown command 'chekc' (did you mean 'check'?); tool help lists the commands")
        #expect(Self.error(["hook", "uninstall"]) == "unknown command 'uninstall' (did you mean 'install'?); tool hook --help lists the commands")
        #expect(Self.error(["--bogus"]) == "unknown option '--bogus' for tool (tool --help lists what it takes)")
        #expect(Self.error(["check", "--format"]) == "--format needs a value: --format <format>")
        #expect(HelpText.usage(Self.root.subcommand("log")!, path: ["tool", "log"]) == "tool log [<options>] [<text> ...]")
        #expect(Self.error(["check", "--ledger", "--strict"]) == "--ledger needs a value: -C, --ledger <dir>")
        #expect(Self.error(["check", "-C"]) == "-C needs a value: -C, --ledger <dir>")
        #expect(Self.error(["check", "--format", "xml"]) == "--format takes text or json, not 'xml'")
        #expect(Self.error(["check", "--strict=yes"]) == "--strict takes no value")
        #expect(Self.error(["new", "goal"]) == "tool new needs <id>: its id. (tool new --help)")
        #expect(Self.error(["new", "goal", "a", "b"]) == "unexpected argument 'b' for tool new (tool new --help lists what it takes)")
        #expect(throws: UsageError("--term takes a whole number, not 'x'")) { try Self.parse(["check", "--term", "x"]).integer("term") }
    }

    @Test func helpAndVersionWinWhereverTheyStand() throws {
        let parser = CommandLineParser(Self.root)
        for (words, path) in [([], ["tool"]), (["--help"], ["tool"]), (["check", "-h"], ["tool", "check"]),
                              (["check", "--bogus", "--help"], ["tool", "check"]), (["help", "hook", "install"], ["tool", "hook", "install"]),
                              (["hook"], ["tool", "hook"])] {
            guard case .help(let shown, _) = try parser.parse(words) else {
                Issue.record("\(words) shows no help")
                continue
            }
            #expect(shown == path, "\(words)")
        }
        guard case .version = try parser.parse(["check", "--version"]) else { Issue.record("no version"); return }
        guard case .run(let parsed) = try parser.parse(["check", "--", "--help"]) else { Issue.record("-- --help is an argument"); return }
        #expect(parsed.arguments("paths") == ["--help"])
        #expect(Self.error(["help", "nope"]) == "unknown command 'nope'; tool help lists the commands")
    }

    @Test func helpListsArgumentsOptionsAndSubcommandsWrapped() {
        let check = Self.root.subcommand("check")!
        #expect(HelpText.render(check, path: ["tool", "check"]) == """
            OVERVIEW: Check things.

            USAGE: tool check [<options>] [<paths> ...]

            ARGUMENTS:
              <paths>                 Paths.

            OPTIONS:
              -C, --ledger <dir>      The folder.
              --format <format>       The format. (values: text, json; default: text)
              --term <term>           A term.
              --strict                Strict.
              -h, --help              Show help information.

            """)
        #expect(HelpText.render(Self.root, path: ["tool"]) == """
            OVERVIEW: A tool.

            USAGE: tool <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              check                   Check things.
              log                     Log a line.
              new                     Make one.
              hook                    Hooks.

              See 'tool help <subcommand>' for detailed help.

            """)
        let long = CommandSpec("x", abstract: String(repeating: "word ", count: 30), options: [
            .value("a-very-long-option-name", valueName: "value", help: String(repeating: "help ", count: 12)),
        ])
        #expect(HelpText.render(long, path: ["tool", "x"]).split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(HelpText.render(long, path: ["tool", "x"]).contains("\n  --a-very-long-option-name <value>\n                          help help"))
    }

    static func complete(_ words: [String]) -> CompletionAnswer {
        CompletionAnswer.answer(root, words: words, index: words.count - 1)
    }

    @Test func aShellIsOfferedWhatMayComeNext() {
        #expect(Self.complete([""]) == .words(["check", "log", "new", "hook"]))  // hidden commands are not offered
        #expect(Self.complete(["ch"]) == .words(["check"]))
        #expect(Self.complete(["help", "h"]) == .words(["hook"]))
        #expect(Self.complete(["hook", ""]) == .words(["install"]))
        #expect(Self.complete(["check", "--s"]) == .words(["--strict"]))
        #expect(Self.complete(["check", "-"]) == .words(["--ledger", "-C", "--format", "--term", "--strict", "--help"]))
        #expect(Self.complete(["check", "--format", ""]) == .words(["text", "json"]))
        #expect(Self.complete(["check", "--format=j"]) == .words(["--format=json"]))
        #expect(Self.complete(["check", "--format", "=", "j"]) == .words(["json"]))  // bash splits at '='
        #expect(Self.complete(["check", "-C", ""]) == .directories)
        #expect(Self.complete(["check", "-C", "dir", ""]) == .files)
        #expect(Self.complete(["check", "-Cdir", "a", ""]) == .files)
        #expect(Self.complete(["check", "--", "-"]) == .files)
        #expect(Self.complete(["new", "g"]) == .words(["goal"]))
        #expect(Self.complete(["new", "goal", ""]) == .words([]))
        #expect(Self.complete(["new", "goal", "x", ""]) == .words([]))
        #expect(Self.complete(["log", "Run", "5k"]) == .custom("words", prefix: "5k"))
        #expect(Self.complete(["log", "Fix", "-0.8k"]) == .custom("words", prefix: "-0.8k"))
        #expect(Self.complete(["log", "--dr"]) == .words(["--dry-run"]))
        #expect(CompletionAnswer.answer(Self.root, words: ["new"], index: 1) == .words(["goal", "value"]))
        // An index outside the line (no shell sends one) is read as the nearest word, not a crash.
        #expect(CompletionAnswer.answer(Self.root, words: ["ch"], index: -5) == .words(["check"]))
        #expect(CompletionAnswer.answer(Self.root, words: ["new"], index: 9) == .words(["goal", "value"]))
        #expect(CompletionAnswer.answer(Self.root, words: [], index: 0) == .words(["check", "log", "new", "hook"]))
    }

    @Test func theManualPageEscapesWhatRoffWouldRead() {
        let page = ManualPage.render(Self.root, version: "1.0", date: "2026-11-25", sections: [ManualPage.Section("Exit status", ["0: ok."])])
        #expect(page.hasPrefix(".TH \"TOOL\" 1 \"2026\\-11\\-25\" \"tool 1.0\" \"tool manual\"\n.SH NAME\ntool \\- A tool.\n"))
        #expect(page.contains(".SS \"tool check [<options>] [<paths> ...]\"\nCheck things.\n"))
        #expect(page.contains(".TP\n\\fB\\-C\\fR, \\fB\\-\\-ledger\\fR \\fIdir\\fR\nThe folder.\n"))
        #expect(page.contains(".SS \"tool hook install\"\nInstall it.\n"))
        #expect(!page.contains("__secret"))
        #expect(page.hasSuffix(".SH EXIT STATUS\n0: ok.\n"))
        let odd = CommandSpec("t", abstract: "x", subcommands: [CommandSpec("c", abstract: ".starts with a dot \\ and a backslash")])
        #expect(ManualPage.render(odd, version: "1", date: "d", sections: []).contains("\n\\&.starts with a dot \\e and a backslash\n"))
    }
}
