import HTLCommandLine
import Testing

/// The command line's grammar, in process: how words become a command and
/// its values, the usage errors (exit 2) with their exact messages, help,
/// and what a shell is offered while typing.
@Suite struct CommandLineTests {
    /// The options and arguments of the tree's `check`, declared once, typed.
    enum Check {
        enum Format: String, CaseIterable {
            case text, json
        }

        static let ledger = Option.value(
            "ledger", short: "C", valueName: "dir", help: "The folder.", completion: .directories)
        static let format = Option.choice("format", help: "The format.", default: Format.text)
        static let term = Option.integer("term", help: "A term.")
        static let strict = Option.flag("strict", help: "Strict.")
        static let paths = Argument.repeated("paths", help: "Paths.", completion: .files)
    }

    enum Log {
        static let dryRun = Option.flag("dry-run", help: "Write nothing.")
        static let text = Argument.rest("text", help: "The line.", completion: .custom("words"))
    }

    enum New {
        static let kind = Argument.required("kind", help: "Goal or value.", completion: .list(["goal", "value"]))
        static let id = Argument.required("id", help: "Its id.")
        static let title = Option.value("title", help: "Its title.")
        static let tag = Option.repeated("tag", help: "A tag (again for more).")
    }

    /// A small tree in the shape of htl's: options shared by commands, a
    /// repeated argument, a text argument that takes unknown dashes, a group.
    static let root = CommandSpec(
        "tool", abstract: "A tool.",
        subcommands: [
            CommandSpec(
                "check", abstract: "Check things.",
                options: [Check.ledger.spec, Check.format.spec, Check.term.spec, Check.strict.spec],
                arguments: [Check.paths.spec]),
            CommandSpec("log", abstract: "Log a line.", options: [Log.dryRun.spec], arguments: [Log.text.spec]),
            CommandSpec("new", abstract: "Make one.", arguments: [New.kind.spec, New.id.spec]),
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

    /// One option's value from a command line.
    static func read<Value>(_ option: Option<Value>, _ words: [String]) throws(UsageError) -> Value {
        var parsed = try parse(words)
        return parsed[option]
    }

    /// One argument's value from a command line.
    static func read<Value>(_ argument: Argument<Value>, _ words: [String]) throws(UsageError) -> Value {
        var parsed = try parse(words)
        return parsed[argument]
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
        for words in [
            ["check", "--ledger", "dir"], ["check", "--ledger=dir"], ["check", "-C", "dir"], ["check", "-Cdir"],
        ] {
            #expect(try Self.read(Check.ledger, words) == "dir", "\(words)")
        }
        let words = ["check", "a.md", "--format", "json", "--strict", "b", "--format=text", "--", "--strict", "-C"]
        var parsed = try Self.parse(words)
        #expect(parsed.path == ["tool", "check"])
        #expect(parsed[Check.format] == .text)  // the last one counts
        #expect(parsed[Check.strict])
        #expect(parsed[Check.paths] == ["a.md", "b", "--strict", "-C"])  // after --, words are arguments
        #expect(try Self.read(Check.format, ["check", "--format=text", "--format", "json"]) == .json)
        #expect(try Self.read(Check.format, ["check"]) == .text)  // the default
        #expect(try Self.read(Check.ledger, ["check"]) == nil)
        #expect(try Self.read(Check.strict, ["check"]) == false)
        #expect(try Self.read(Check.paths, ["check"]) == [])
        #expect(try Self.read(Check.term, ["check", "--term", "7"]) == 7)
        #expect(try Self.read(Check.term, ["check"]) == nil)
        #expect(try Self.read(Check.ledger, ["check", "--ledger", "-"]) == "-")
        #expect(try Self.read(New.id, ["new", "goal", "run"]) == "run")
        #expect(try Self.parse(["hook", "install"]).path == ["tool", "hook", "install"])
        #expect(try Self.parse(["__secret"]).path == ["tool", "__secret"])
    }

    @Test func aRepeatedOptionKeepsEveryValueInOrder() throws {
        let new = CommandSpec("new", abstract: "Make one.", options: [New.tag.spec])
        let parser = CommandLineParser(CommandSpec("tool", abstract: "A tool.", subcommands: [new]))
        guard case .run(var parsed) = try parser.parse(["new", "--tag", "a", "--tag=b", "--tag", "a"]) else {
            Issue.record("new did not ask to run")
            return
        }
        #expect(parsed[New.tag] == ["a", "b", "a"])
        guard case .run(var none) = try parser.parse(["new"]) else {
            Issue.record("new did not ask to run")
            return
        }
        #expect(none[New.tag] == [])
    }

    @Test func aTextArgumentKeepsDashesThatAreNoOption() throws {
        var parsed = try Self.parse(["log", "Correction", "-0.8km", "--dry-run", "-x", "--fast", "+run"])
        #expect(parsed[Log.text] == ["Correction", "-0.8km", "-x", "--fast", "+run"])
        #expect(parsed[Log.dryRun])
        #expect(try Self.read(Log.text, ["log", "-"]) == ["-"])
    }

    /// What a test holds every command to: it reads each option and argument it declares.
    @Test func readsAreRecordedSoThatAnUnreadDeclarationShows() throws {
        var parsed = try Self.parse(["check"])
        #expect(parsed.unread == ["--ledger", "--format", "--term", "--strict", "<paths>"])
        _ = parsed[Check.paths]
        _ = parsed[Check.format]
        parsed.ignore(Check.strict)
        #expect(parsed.unread == ["--ledger", "--term"])
        _ = parsed[Check.ledger]
        _ = parsed[Check.term]
        #expect(parsed.unread == [])
        #expect(parsed.undeclared == [])
        _ = parsed[New.title]  // not check's: never given, and shown as read without a declaration
        _ = parsed[New.kind]
        #expect(parsed.undeclared == ["--title", "<kind>"])
    }

    @Test func usageErrorsSayWhatIsWrongAndWhereHelpIs() throws {
        #expect(
            Self.error(["check", "--bogus"])
                == "unknown option '--bogus' for tool check (tool check --help lists what it takes)")
        #expect(
            Self.error(["check", "--bogus=1"])
                == "unknown option '--bogus' for tool check (tool check --help lists what it takes)")
        #expect(
            Self.error(["check", "-x"]) == "unknown option '-x' for tool check (tool check --help lists what it takes)")
        #expect(
            Self.error(["chekc"]) == "unknown command 'chekc' (did you mean 'check'?); tool help lists the commands")
        #expect(
            Self.error(["hook", "uninstall"])
                == "unknown command 'uninstall' (did you mean 'install'?); tool hook --help lists the commands")
        #expect(Self.error(["--bogus"]) == "unknown option '--bogus' for tool (tool --help lists what it takes)")
        // A misspelt long option is named, as a misspelt command is.
        #expect(
            Self.error(["check", "--strcit"])
                == "unknown option '--strcit' for tool check (did you mean '--strict'?); tool check --help lists what "
                + "it takes")
        #expect(
            Self.error(["check", "--fromat=json"])
                == "unknown option '--fromat' for tool check (did you mean '--format'?); tool check --help lists what "
                + "it takes")
        #expect(
            Self.error(["--verison"])
                == "unknown option '--verison' for tool (did you mean '--version'?); tool --help lists what it takes")
        #expect(
            Self.error(["check", "--hepl"])
                == "unknown option '--hepl' for tool check (did you mean '--help'?); tool check --help lists what it "
                + "takes")
        #expect(Self.error(["check", "--format"]) == "--format needs a value: --format <format>")
        #expect(
            HelpText.usage(Self.root.subcommand("log")!, path: ["tool", "log"]) == "tool log [<options>] [<text> ...]")
        #expect(Self.error(["check", "--ledger", "--strict"]) == "--ledger needs a value: -C, --ledger <dir>")
        #expect(Self.error(["check", "-C"]) == "-C needs a value: -C, --ledger <dir>")
        #expect(Self.error(["check", "--format", "xml"]) == "--format takes text or json, not 'xml'")
        #expect(Self.error(["check", "--strict=yes"]) == "--strict takes no value")
        #expect(Self.error(["new", "goal"]) == "tool new needs <id>: its id. (tool new --help)")
        #expect(
            Self.error(["new", "goal", "a", "b"])
                == "unexpected argument 'b' for tool new (tool new --help lists what it takes)")
        #expect(Self.error(["check", "--term", "x"]) == "--term takes a whole number, not 'x'")
        #expect(Self.error(["check", "--term", "x", "--term", "1"]) == nil)  // the last one counts
        #expect(
            Self.error(["check", "--term", "x", "--bogus"])  // the other mistakes come first
                == "unknown option '--bogus' for tool check (tool check --help lists what it takes)")
    }

    @Test func helpAndVersionWinWhereverTheyStand() throws {
        let parser = CommandLineParser(Self.root)
        for (words, path) in [
            ([], ["tool"]), (["--help"], ["tool"]), (["check", "-h"], ["tool", "check"]),
            (["check", "--bogus", "--help"], ["tool", "check"]),
            (["help", "hook", "install"], ["tool", "hook", "install"]),
            (["hook"], ["tool", "hook"]),
        ] {
            guard case .help(let shown, _) = try parser.parse(words) else {
                Issue.record("\(words) shows no help")
                continue
            }
            #expect(shown == path, "\(words)")
        }
        guard case .version = try parser.parse(["check", "--version"]) else {
            Issue.record("no version")
            return
        }
        guard case .run(var parsed) = try parser.parse(["check", "--", "--help"]) else {
            Issue.record("-- --help is an argument")
            return
        }
        #expect(parsed[Check.paths] == ["--help"])
        #expect(Self.error(["help", "nope"]) == "unknown command 'nope'; tool help lists the commands")
    }

    @Test func helpListsArgumentsOptionsAndSubcommandsWrapped() {
        let check = Self.root.subcommand("check")!
        #expect(
            HelpText.render(check, path: ["tool", "check"]) == """
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
        #expect(
            HelpText.render(Self.root, path: ["tool"]) == """
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
        let long = CommandSpec(
            "x", abstract: String(repeating: "word ", count: 30),
            options: [
                .value("a-very-long-option-name", valueName: "value", help: String(repeating: "help ", count: 12))
            ])
        #expect(HelpText.render(long, path: ["tool", "x"]).split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(
            HelpText.render(long, path: ["tool", "x"]).contains(
                "\n  --a-very-long-option-name <value>\n                          help help"))
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
        #expect(
            Self.complete(["check", "-"]) == .words(["--ledger", "-C", "--format", "--term", "--strict", "--help"]))
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
        // A word inside an open quote, as the shells hand it over: completed without its quote.
        #expect(Self.complete(["log", "\"Run 5k"]) == .custom("words", prefix: "Run 5k"))
        #expect(Self.complete(["log", "'Run +r"]) == .custom("words", prefix: "Run +r"))
        #expect(Self.complete(["log", "\"Run\" 5k"]) == .custom("words", prefix: "\"Run\" 5k"))
        #expect(CompletionAnswer.answer(Self.root, words: ["new"], index: 1) == .words(["goal", "value"]))
        // An index outside the line (no shell sends one) is read as the nearest word, not a crash.
        #expect(CompletionAnswer.answer(Self.root, words: ["ch"], index: -5) == .words(["check"]))
        #expect(CompletionAnswer.answer(Self.root, words: ["new"], index: 9) == .words(["goal", "value"]))
        #expect(CompletionAnswer.answer(Self.root, words: [], index: 0) == .words(["check", "log", "new", "hook"]))
    }

    @Test func theManualPageEscapesWhatRoffWouldRead() {
        let page = ManualPage.render(
            Self.root, version: "1.0", date: "2026-11-25", sections: [ManualPage.Section("Exit status", ["0: ok."])])
        #expect(
            page.hasPrefix(
                ".TH \"TOOL\" 1 \"2026\\-11\\-25\" \"tool 1.0\" \"tool manual\"\n.SH NAME\ntool \\- A tool.\n"))
        #expect(page.contains(".SS \"tool check [<options>] [<paths> ...]\"\nCheck things.\n"))
        #expect(page.contains(".TP\n\\fB\\-C\\fR, \\fB\\-\\-ledger\\fR \\fIdir\\fR\nThe folder.\n"))
        #expect(page.contains(".SS \"tool hook install\"\nInstall it.\n"))
        #expect(!page.contains("__secret"))
        #expect(page.hasSuffix(".SH EXIT STATUS\n0: ok.\n"))
        let odd = CommandSpec(
            "t", abstract: "x", subcommands: [CommandSpec("c", abstract: ".starts with a dot \\ and a backslash")])
        #expect(
            ManualPage.render(odd, version: "1", date: "d", sections: []).contains(
                "\n\\&.starts with a dot \\e and a backslash\n"))
    }
}
