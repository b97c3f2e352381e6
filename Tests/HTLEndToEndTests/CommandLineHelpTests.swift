import Foundation
import HTLKit
import HTLTestSupport
import Testing

/// The command line as a new user meets it: help, the version, usage errors
/// (exit 2, one line on stderr saying where help is), and the manual page.
@Suite struct CommandLineHelpTests {
    @Test func helpListsEveryCommandAndGoesToStandardOutput() throws {
        let help = try HTLBinary.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stderr == "")
        #expect(try HTLBinary.run([]).stdout == help.stdout)
        #expect(try HTLBinary.run(["help"]).stdout == help.stdout)
        for command in [
            "check", "status", "progress", "values", "terms", "actions", "log", "new", "fmt", "diff", "export",
            "import",
            "report", "next", "due", "calendar", "review", "mcp", "init", "hook", "rules", "explain", "completions",
            "lsp",
        ] {
            #expect(help.stdout.contains("\n  \(command) "), "htl --help does not list \(command)")
        }
        #expect(!help.stdout.contains("__"))
        #expect(help.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func eachCommandHasItsOwnHelp() throws {
        let check = try HTLBinary.run(["check", "--help"])
        #expect(check.status == 0)
        Golden.check(check.stdout, against: "Tests/Golden/help-check.txt")
        #expect(try HTLBinary.run(["help", "check"]).stdout == check.stdout)
        #expect(try HTLBinary.run(["check", "-h", "--bogus"]).stdout == check.stdout)
        let install = try HTLBinary.run(["hook", "install", "--help"])
        #expect(
            install.stdout.hasPrefix(
                "OVERVIEW: Install a git pre-commit hook that runs htl check --staged (an\nexisting hook is kept), and "
                    + "register htl merge-log as the merge driver of log\nfiles.\n"))
        #expect(install.stdout.contains("USAGE: htl hook install [<options>]\n"))
        #expect(try HTLBinary.run(["--version"]).stdout == "0.1.0\n")
        #expect(try HTLBinary.run(["status", "--version"]).stdout == "0.1.0\n")
    }

    @Test func usageErrorsAreOneLineAndExitTwo() throws {
        let cases: [([String], String)] = [
            (
                ["check", "--bogus"],
                "htl: unknown option '--bogus' for htl check (htl check --help lists what it takes)\n"
            ),
            (["frobnicate"], "htl: unknown command 'frobnicate'; htl help lists the commands\n"),
            (["stauts"], "htl: unknown command 'stauts' (did you mean 'status'?); htl help lists the commands\n"),
            (["check", "--format", "xml"], "htl: --format takes text, json or github, not 'xml'\n"),
            (["check", "--today"], "htl: --today needs a value: --today <yyyy-mm-dd>\n"),
            (["check", "-C"], "htl: -C needs a value: -C, --ledger <dir>\n"),
            (["status", "--term", "seven"], "htl: --term takes a whole number, not 'seven'\n"),
            (
                ["progress"],
                "htl: htl progress needs <goal>: the goal's id (its file name without .md), or the start of one. (htl "
                    + "progress --help)\n"
            ),
            (
                ["terms", "extra"],
                "htl: unexpected argument 'extra' for htl terms (htl terms --help lists what it takes)\n"
            ),
            (["export", "--format", "csv"], "htl: --format csv writes four files: give their folder with -o DIR\n"),
            (["completions", "tcsh"], "htl: htl completions writes a script for bash, zsh or fish, not 'tcsh'\n"),
            (["due", "--within", "-1"], "htl: --within takes 0 to 36500 days\n"),
        ]
        for (arguments, message) in cases {
            let result = try HTLBinary.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout == "", "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
        }
    }

    /// What a completion script asks, even when it is not a shell asking.
    @Test func completionAnswersAnyIndexWithoutCrashing() throws {
        for index in ["-1", "-9223372036854775808", "99", "x", ""] {
            let result = try HTLBinary.run(["__complete", index, "ch"])
            #expect(result.status == 0, "\(index)")
            #expect(result.stderr == "", "\(index)")
        }
        #expect(try HTLBinary.run(["__complete", "0", "ch"]).stdout == "check\n")
    }

    /// The page make install installs, rendered by man.
    @Test func theManualPageRendersEveryCommand() throws {
        let page = try HTLBinary.run(["__manual", "--date", "2026-11-25"])
        #expect(page.status == 0)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("htl-man-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("htl.1").path
        try page.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let rendered = try Command.run("man", ["-l", file], environment: ["MANWIDTH": "100", "PATH": "/usr/bin:/bin"])
        #expect(rendered.status == 0)
        for text in [
            "htl - Plain-text goals in git", "htl check [<options>] [<paths> ...]", "-C, --ledger dir",
            "htl hook install",
            "EXIT STATUS", "HTL_TODAY", "2026-11-25",
        ] {
            #expect(rendered.stdout.contains(text), "man htl shows no '\(text)'")
        }
        #expect(!rendered.stdout.contains("__manual"))
    }
}
