import Foundation
import HTLKit
import HTLTestSupport
import Testing

/// `htl log` without traps: what a shell hands it, corrections, standard
/// input, a prompt, and the warnings for lines that count for less than
/// they seem to.
@Suite struct LoggingTests {
    let today = ["--today", "2026-11-22"]
    static let header = "2026-11-03 Run 5km +run\n"

    func ledger() throws -> TemporaryLedger {
        try TemporaryLedger(SampleLedger.files)
    }

    func log(_ l: TemporaryLedger, _ words: [String], stdin: String? = nil) throws -> HTLBinary.Result {
        try HTLBinary.run(["log", "-C", l.root] + words + today, stdin: stdin)
    }

    @Test func aNegativeQuantityIsTextNotAnOption() throws {
        let l = try ledger()
        defer { l.remove() }
        let result = try log(l, ["Correction", "-0.8km", "+run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "2026-11-22 Correction -0.8km +run\n")
        #expect(try l.read("log/2026.log") == Self.header + "2026-11-22 Correction -0.8km +run\n")
    }

    /// A line break of any kind inside the text, "\r\n" included (one
    /// character to Swift), is refused: one action is one line.
    @Test func aLineBreakInTheTextIsRefused() throws {
        let l = try ledger()
        defer { l.remove() }
        for text in ["Run 5km\r\nx", "Run 5km\nx", "Run 5km\rx"] {
            let result = try log(l, [text])
            #expect(result.status == 2, "\(text.debugDescription)")
            #expect(result.stderr == "htl: an action is one line: the text must not contain line breaks\n")
        }
        #expect(try l.read("log/2026.log") == Self.header)
    }

    @Test func anUnknownOptionIsRefusedAndNothingIsWritten() throws {
        let l = try ledger()
        defer { l.remove() }
        let result = try log(l, ["Run", "--fast", "5km", "+run"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "htl: unknown option '--fast' for htl log (to log it as text, quote the whole line: htl log "
                + "\"...\")\n"
        )
        #expect(try l.read("log/2026.log") == Self.header)
    }

    /// What bash does to an unquoted `#tag`: everything from ` #` is gone,
    /// so the README and the help show the line quoted.
    @Test func theHelpShowsTheLineQuoted() throws {
        let help = try HTLBinary.run(["log", "--help"])
        #expect(help.stdout.contains("htl log \"Morning run 5.8km 35min +run-100km #outdoors\""))
        #expect(help.stdout.contains("echo \"Read 30pages +read-6-books\" | htl log -"))
        let shell = try Command.run("bash", ["-c", "printf '%s|' htl log Run 5km +run #running --dry-run"])
        #expect(shell.stdout == "htl|log|Run|5km|+run|")
    }

    @Test func standardInputGivesTheLine() throws {
        let l = try ledger()
        defer { l.remove() }
        let result = try log(l, ["-"], stdin: "Swim 2km +run #pool\n")
        #expect(result.status == 0)
        #expect(result.stdout == "2026-11-22 Swim 2km +run #pool\n")
        let two = try log(l, ["-"], stdin: "Swim 2km +run\nRun 3km +run\n")
        #expect(two.status == 2)
        #expect(
            two.stderr
                == "htl: the action on standard input has more than one line; htl log takes one action at a time\n")
        let none = try log(l, [], stdin: "")
        #expect(none.status == 2)
        #expect(
            none.stderr
                == "htl: nothing to log: give the action's text (quoted), or '-' to read it from standard input\n")
        #expect(try l.read("log/2026.log") == Self.header + "2026-11-22 Swim 2km +run #pool\n")
    }

    /// Standard input is read to its end: a long line is logged whole, and
    /// input past the 1 MiB limit (one line, or a second line beyond it)
    /// is refused with exit 2 and nothing written, never cut short.
    @Test func standardInputIsReadWholeOrRefused() throws {
        let l = try ledger()
        defer { l.remove() }
        let words = String(repeating: "long ", count: 180_000)  // 900,000 bytes
        let long = try log(l, ["-"], stdin: "Walk \(words)3km +run\n")
        #expect(long.status == 0, "\(long.stderr)")
        #expect(long.stdout.utf8.count == "2026-11-22 Walk ".utf8.count + words.utf8.count + "3km +run\n".utf8.count)
        let before = try l.read("log/2026.log")
        let refused = "htl: the action on standard input is longer than 1 MiB, more than htl reads; nothing was done\n"
        for input in [
            String(repeating: "x", count: 1_100_000) + " 1km +run\n",
            "Run 1km +run\n" + String(repeating: "y", count: 1_100_000) + "\n",
        ] {
            let result = try log(l, ["-"], stdin: input)
            #expect(result.status == 2)
            #expect(result.stderr == refused)
        }
        #expect(try l.read("log/2026.log") == before)
    }

    /// On a terminal with no text, htl asks (a pseudo-terminal from `script`).
    @Test func aTerminalGetsAPrompt() throws {
        let l = try ledger()
        defer { l.remove() }
        let command = [HTLBinary.path, "log", "-C", l.root] + today
        let result = try Command.run(
            "script", ["-qec", command.map(ShellWord.quoted).joined(separator: " "), "/dev/null"],
            stdin: "Walk 3km +run #hills\n")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("Action (words, quantities like 5km, +goal, #tag): "))
        #expect(try l.read("log/2026.log") == Self.header + "2026-11-22 Walk 3km +run #hills\n")
    }

    @Test func aSpacedQuantityWarnsAndShowsTheFix() throws {
        let l = try ledger()
        defer { l.remove() }
        let result = try log(l, ["Read 5 km +run"])
        #expect(result.status == 0)
        #expect(
            result.stderr == """
                log/2026.log:2:17: warning: '5 km' has a space between the number and the unit, so it counts for nothing [spaced-quantity]
                 2 | 2026-11-22 Read 5 km +run
                   |                 ^
                   = help: write 5km

                """)
    }

    @Test func ordinalsAndCountsAreWords() throws {
        let l = try ledger()
        defer { l.remove() }
        let result = try log(l, ["Finished 2nd, 3x the hill and a 10th lap 5km +run"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
    }

    @Test func theSameLineTwiceWarns() throws {
        let l = try ledger()
        defer { l.remove() }
        let result = try log(l, ["Run  5km +run"], stdin: nil)
        #expect(result.status == 0)
        #expect(
            try HTLBinary.run(["log", "-C", l.root, "--date", "2026-11-03", "Run 5km +run"] + today).stderr == """
                log/2026.log:3:1: warning: this action repeats line 1 (logged twice?) [duplicate-action]
                 3 | 2026-11-03 Run 5km +run
                   | ^
                   = help: if it is a repeat, delete it before you commit, or log a correction
                note: 2026-11-03 is 19 days before the latest line of log/2026.log (2026-11-22); if you meant another \
                day, remove the line before you commit, and log it again with --date

                """)
    }

    @Test func aQuantityNoGoalCanUseWarns() throws {
        let l = try ledger()
        defer { l.remove() }
        #expect(
            try log(l, ["Yoga 30min +run"]).stderr.hasPrefix(
                "log/2026.log:2:17: warning: 30min counts toward no target of run (they count km), so the action adds "
                    + "nothing [unused-quantity]\n"
            ))
        // Minutes beside the kilometres the goal counts are a diary: no warning.
        #expect(try log(l, ["Run 5km 30min +run"]).stderr == "")
    }

    @Test func aDayThatDoesNotExistSaysSo() throws {
        let l = try ledger()
        defer { l.remove() }
        let result = try HTLBinary.run(["log", "-C", l.root, "--date", "2026-11-31", "Run 5km +run"])
        #expect(result.status == 2)
        #expect(result.stderr == "htl: --date 2026-11-31 is not a real date: November 2026 has 30 days\n")
    }
}
