import Foundation
import HTLKit
import HTLTestSupport
import Testing

/// Golden text and JSON of every report command, with a fixed today.
@Suite struct ReportCommandTests {
    static let today = ["--today", "2026-11-22"]
    static let example = Paths.root.appendingPathComponent("goals-example").path

    static let exampleCases: [(name: String, arguments: [String])] = [
        ("status", ["status"]),
        ("status-all", ["status", "--all"]),
        ("status-term-6", ["status", "--term", "6", "--all"]),
        ("status.json", ["status", "--json"]),
        ("progress-run-100km", ["progress", "run-100km"]),
        ("progress-run-100km.json", ["progress", "run-100km", "--json"]),
        ("progress-learn-spanish", ["progress", "learn-spanish"]),
        ("progress-fewer-takeaways", ["progress", "fewer-takeaways"]),
        ("progress-fewer-takeaways.json", ["progress", "fewer-takeaways", "--json"]),
        ("progress-declutter-flat", ["progress", "declutter-flat"]),
        ("progress-file-tax-return", ["progress", "file-tax-return"]),
        ("values", ["values"]),
        ("values.json", ["values", "--json"]),
        ("terms", ["terms"]),
        ("terms.json", ["terms", "--json"]),
        ("actions-recent", ["actions", "--from", "2026-11-09"]),
        ("actions-run.json", ["actions", "--goal", "run-100km", "--json"]),
        ("actions-tag-running", ["actions", "--tag", "running", "--to", "2026-10-15"]),
        ("export.json", ["export", "--json"]),
        ("next", ["next"]),
        ("next.json", ["next", "--json"]),
    ]

    /// `htl review`: the week and the term as Markdown and JSON; `--write`
    /// saves each once, never over an earlier one, and `htl check` only asks
    /// that reviews be UTF-8.
    @Test func reviewOfTheWeekAndTheTerm() throws {
        for (file, extra) in [
            ("review-week.md", [String]()), ("review-week.json", ["--json"]), ("review-term.md", ["--term"]),
        ] {
            let result = try HTLBinary.run(["review", "-C", Self.example] + Self.today + extra)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == "")
            Golden.check(result.stdout, against: "Tests/Golden/goals-example/\(file)")
        }
        let example = try LedgerDirectory.readFiles(root: Self.example)
        let ledger = try TemporaryLedger(
            Dictionary(uniqueKeysWithValues: example.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) }))
        defer { ledger.remove() }
        let printed = try HTLBinary.run(["review", "-C", ledger.root] + Self.today)
        let first = try HTLBinary.run(["review", "--write", "-C", ledger.root] + Self.today)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "wrote reviews/2026-W47.md\n")
        #expect(try ledger.read("reviews/2026-W47.md") == printed.stdout)
        try ledger.write("reviews/2026-W47.md", "My notes.\n")
        let again = try HTLBinary.run(["review", "--write", "-C", ledger.root] + Self.today)
        #expect(again.status == 2)
        #expect(again.stderr == "htl: reviews/2026-W47.md already exists; not overwriting it\n")
        #expect(try ledger.read("reviews/2026-W47.md") == "My notes.\n")
        let check = try HTLBinary.run(["check", "-C", ledger.root] + Self.today)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        try ledger.write("reviews/bad.md", Data([0x6F, 0x6B, 0x20, 0xFF, 0x0A]))
        let bad = try HTLBinary.run(["check", "-C", ledger.root] + Self.today)
        #expect(bad.status == 1)
        #expect(
            bad.stdout.hasPrefix("reviews/bad.md:1:4: error: the file is not valid UTF-8 (byte 0xFF) [encoding]"),
            "\(bad.stdout)")
        let both = try HTLBinary.run(["review", "--week", "--term", "-C", ledger.root] + Self.today)
        #expect(both.status == 2)
    }

    /// `htl due`: the overdue book goal makes it exit 1 (for `htl due || notify-send`);
    /// a month earlier nothing is overdue and the book is due within 30 days.
    @Test func dueListsWhatIsOverdueAndExitsOne() throws {
        for (file, extra) in [("due", [String]()), ("due.json", ["--json"])] {
            let result = try HTLBinary.run(["due", "-C", Self.example] + Self.today + extra)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr == "")
            Golden.check(result.stdout, against: "Tests/Golden/goals-example/\(file == "due" ? "due.txt" : file)")
        }
        let earlier = try HTLBinary.run(["due", "-C", Self.example, "--today", "2026-10-20", "--within", "30"])
        #expect(earlier.status == 0, "\(earlier.stderr)")
        #expect(
            earlier.stdout == """
                Overdue
                  nothing

                Due within 30 days
                  read-4-books  Read four books this autumn
                    2026-11-01 (in 12 days) · behind · 48%

                Rhythms this period
                  learn-spanish  30 hours of Spanish practice
                    90 min/week · 90 min more by 2026-10-25

                """)
        let bad = try HTLBinary.run(["due", "-C", Self.example, "--within", "-1"])
        #expect(bad.status == 2)
    }

    /// The rhythms still open this week, on Wednesday 25 November (nothing
    /// logged since Sunday): what each needs, or allows, by Sunday.
    @Test func dueListsTheRhythmsStillOpen() throws {
        let result = try HTLBinary.run(["due", "-C", Self.example, "--today", "2026-11-25"])
        #expect(
            result.stdout.hasSuffix(
                """
                Rhythms this period
                  learn-spanish  30 hours of Spanish practice
                    90 min/week · 90 min more by 2026-11-29
                  fewer-takeaways  At most one takeaway a week
                    ≤1/week · 1 left this week (until 2026-11-29)
                  run-100km  Run 100 kilometres this term
                    3/week · 3 more by 2026-11-29

                """), "\(result.stdout)")
        let json = try HTLBinary.run(["due", "--json", "-C", Self.example, "--today", "2026-11-25"]).stdout
        #expect(
            json.contains(
                """
                    {
                      "goal": "fewer-takeaways",
                      "title": "At most one takeaway a week",
                      "rule": "≤1/week",
                      "measure": "actions",
                      "at_most": true,
                      "start": "2026-11-23",
                      "end": "2026-11-29",
                      "actual": 0,
                      "required": 1,
                      "remaining": 1,
                      "words": "1 left this week (until 2026-11-29)"
                    }
                """), "\(json)")
    }

    /// The running goal's cadence line through the term: a week in
    /// progress, the holiday break (the strength frozen), the last week,
    /// after the end.
    @Test func theRunningRhythmThroughTheTerm() throws {
        // Below the rule, the week missed last while the current one is open.
        let expected = [
            ("2026-11-25", ["3/week · this week 0/3, 4 days left · strength 30%", ""]),
            ("2026-12-23", ["3/week · this week on a break · strength 17%", ""]),
            (
                "2027-01-05",
                ["3/week · this week 0/3, 5 days left · strength 17%", "missed the week of 2026-12-14 (0 of 3)"]
            ),
            ("2027-01-12", ["3/week · ended, 2 of 8 weeks kept · strength 15%", ""]),
        ]
        for (day, shown) in expected {
            let result = try HTLBinary.run(["status", "-C", Self.example, "--today", day])
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let title = try #require(lines.firstIndex { $0.contains("Run 100 kilometres this term") }, "\(day)")
            #expect(Array(lines[(title + 2)...(title + 3)]) == shown, "\(day)")
        }
    }

    @Test(arguments: exampleCases.map(\.name))
    func goalsExample(_ name: String) throws {
        let arguments = Self.exampleCases.first { $0.name == name }!.arguments
        let result = try HTLBinary.run(arguments + ["-C", Self.example] + Self.today)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let file = name.hasSuffix(".json") ? name : name + ".txt"
        Golden.check(result.stdout, against: "Tests/Golden/goals-example/\(file)")
        if name.hasSuffix(".json") {
            #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "\(name) is not JSON")
        } else {
            for line in result.stdout.split(separator: "\n") {
                #expect(line.count <= 80, "\(name): line wider than 80 columns: \(line)")
            }
        }
    }

    @Test func statesFixtureAsTextAndJSON() throws {
        let folder = Paths.fixture("states")
        let text = try HTLBinary.run(["status", "--all", "-C", folder] + Self.today)
        Golden.check(text.stdout, against: "Tests/Golden/states/status-all.txt")
        let json = try HTLBinary.run(["status", "--all", "--json", "-C", folder] + Self.today)
        Golden.check(json.stdout, against: "Tests/Golden/states/status-all.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let goals = try #require(object["goals"] as? [[String: Any]])
        let states = goals.map { "\($0["id"]!)=\($0["state"]!)" }
        #expect(
            states == [
                "overdue=overdue", "behind=behind", "not-started=not_started", "on-track=on_track",
                "near-complete=near_complete", "completed-by-status=completed", "completed-by-progress=completed",
                "dropped=dropped",
            ])
        #expect(Array(goals[0].keys).count == 16)
        // Default listing hides completed and dropped goals.
        let shown = try HTLBinary.run(["status", "--json", "-C", folder] + Self.today)
        let shownObject = try #require(
            try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let shownIDs = (shownObject["goals"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(shownIDs == ["overdue", "behind", "not-started", "on-track", "near-complete"])
    }

    @Test func goalObjectKeysInDocumentedOrder() throws {
        let json = try HTLBinary.run(["status", "--json", "-C", Self.example] + Self.today).stdout
        let keys = [
            "\"id\"", "\"title\"", "\"kind\"", "\"state\"", "\"progress\"", "\"rhythm\"", "\"start\"", "\"target\"",
            "\"days_left\"",
            "\"importance\"", "\"urgency\"", "\"terms\"", "\"targets\"", "\"checklist\"", "\"counts\"", "\"values\"",
        ]
        let goalsStart = json.range(of: "\"goals\"")!.upperBound
        let firstGoal = String(json[goalsStart...])
        let positions = keys.map { firstGoal.range(of: $0)!.lowerBound }
        #expect(positions == positions.sorted())
    }

    @Test func colourByBandOnlyWhenAsked() throws {
        let folder = Paths.fixture("states")
        let coloured = try HTLBinary.run(["status", "--all", "--color", "always", "-C", folder] + Self.today)
        Golden.check(coloured.stdout, against: "Tests/Golden/states/status-all-color.txt")
        #expect(coloured.stdout.contains("\u{1B}[34m████████████████████\u{1B}[0m"))  // 100 % is blue
        #expect(coloured.stdout.contains("\u{1B}[31m██████░░░░░░░░░░░░░░\u{1B}[0m"))  // overdue is red
        let plain = try HTLBinary.run(["status", "--all", "-C", folder] + Self.today, environment: ["NO_COLOR": "1"])
        #expect(!plain.stdout.contains("\u{1B}"))
    }

    @Test func narrowTerminalWidth() throws {
        let result = try HTLBinary.run(["status", "-C", Self.example] + Self.today, environment: ["COLUMNS": "60"])
        Golden.check(result.stdout, against: "Tests/Golden/goals-example/status-60-columns.txt")
        for line in result.stdout.split(separator: "\n") {
            #expect(line.count <= 60, "line wider than 60 columns: \(line)")
        }
    }

    /// A goal is named by its id or a unique prefix; anything else is a
    /// usage error (exit 2) that says what was meant.
    @Test func unknownGoalGetsDidYouMean() throws {
        let result = try HTLBinary.run(["progress", "rnu-100km", "-C", Self.example] + Self.today)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "htl: no goal 'rnu-100km' (did you mean 'run-100km'?)\n")
        let prefix = try HTLBinary.run(["progress", "run-1", "-C", Self.example] + Self.today)
        #expect(prefix.status == 0)
        #expect(prefix.stdout.hasPrefix("Run 100 kilometres this term"))
        let several = try HTLBinary.run(["actions", "--goal", "run", "-C", Self.example] + Self.today)
        #expect(several.status == 2)
        #expect(
            several.stderr == "htl: 'run' starts several goal ids: 'run-100km', 'run-autumn-10k'; type more of it\n")
        let inside = try HTLBinary.run(["progress", "guitar", "-C", Self.example] + Self.today)
        #expect(inside.stderr == "htl: no goal 'guitar' (htl status lists them)\n")
    }

    @Test func reportsRunOnWhatIsValidThenExitOne() throws {
        let result = try HTLBinary.run(["status", "--json", "-C", Paths.fixture("many-errors")] + Self.today)
        #expect(result.status == 1)
        #expect(result.stderr == "18 errors; run htl check\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((object["goals"] as? [Any])?.count == 2)
    }

    /// Reports skip the rules that can only warn (and the search for lines
    /// logged twice), never one that `rules:` makes an error: warnings
    /// leave the exit at 0, the same findings raised to errors exit 1
    /// (status, export and the other reports, and fmt alike).
    @Test func warningsRaisedToErrorsStillFailReports() throws {
        let log = [
            "log/2026.log": "2026-11-03 Run 5km 30min +run\n2026-11-04 Yoga 30min +run\n2026-11-03 Run 5km 30min +run\n"
        ]
        let warned = try TemporaryLedger(SampleLedger.with(log))
        defer { warned.remove() }
        let check = try HTLBinary.run(["check", "-C", warned.root] + Self.today)
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("log/2026.log:2:17: warning: 30min counts toward no target of run"))
        #expect(
            check.stdout.contains(
                "log/2026.log:3:1: warning: this action repeats line 1 (logged twice?) [duplicate-action]"))
        #expect(check.stderr == "0 errors, 2 warnings in 6 files\n")
        let status = try HTLBinary.run(["status", "-C", warned.root] + Self.today)
        #expect(status.status == 0)
        #expect(status.stderr == "")

        var raised = log
        raised["htl.yaml"] = "htl: 1\nrules:\n  unused-quantity: error\n  duplicate-action: error\n"
        let failing = try TemporaryLedger(SampleLedger.with(raised))
        defer { failing.remove() }
        let error = try HTLBinary.run(["check", "-C", failing.root] + Self.today)
        #expect(error.status == 1)
        #expect(error.stdout.hasPrefix("log/2026.log:2:17: error: 30min counts toward no target of run"))
        #expect(error.stderr == "2 errors, 0 warnings in 6 files\n")
        for command in [["status"], ["export", "--json"], ["values"], ["progress", "run"]] {
            let result = try HTLBinary.run(command + ["-C", failing.root] + Self.today)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr == "2 errors; run htl check\n", "\(command)")
        }
        try failing.write("htl.yaml", "htl: 1\nrules:\n  duplicate-action: error\n")
        #expect(try HTLBinary.run(["status", "-C", failing.root] + Self.today).stderr == "1 error; run htl check\n")
        try failing.write("log/2026.log", "2026-11-03  Run 5km +run\n2026-11-03 Run 5km +run\n")
        let fmt = try HTLBinary.run(["fmt", "--check", "-C", failing.root] + Self.today)
        #expect(fmt.status == 1)
        #expect(fmt.stderr == "htl: not formatted: log/2026.log: the file has errors (run htl check)\n")
    }

    @Test func todayFromEnvironment() throws {
        let a = try HTLBinary.run(["terms", "--json", "-C", Self.example], environment: ["HTL_TODAY": "2026-12-01"])
        let b = try HTLBinary.run(["terms", "--json", "-C", Self.example, "--today", "2026-12-01"])
        #expect(a.stdout == b.stdout)
        #expect(a.stdout.contains("\"week\": 5"))
    }
}

/// The README's examples on goals-example are real runs: every code block
/// that starts with `$ htl ... -C goals-example` shows what that command
/// prints today (up to a `...` line, where the README cuts it short).
@Suite struct ReadmeExampleTests {
    static func examples() throws -> [(command: String, shown: [String])] {
        let readme = try String(contentsOfFile: Paths.root.appendingPathComponent("README.md").path, encoding: .utf8)
        var found: [(String, [String])] = []
        for block in readme.components(separatedBy: "```").enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropFirst()
            guard let first = lines.first, first.hasPrefix("$ htl "), first.contains("-C goals-example") else {
                continue
            }
            var shown: [String] = []
            for line in lines.dropFirst() {
                if line == "..." || line.hasPrefix("$ ") { break }
                shown.append(line)
            }
            while shown.last == "" { shown.removeLast() }
            found.append((first, shown))
        }
        return found
    }

    @Test func everyExampleOnGoalsExampleIsWhatHtlPrints() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 3)
        for (command, shown) in examples {
            let arguments = command.dropFirst("$ htl ".count).split(separator: " ").map(String.init)
            let result = try HTLBinary.run(arguments, in: Paths.root.path, environment: ["HTL_TODAY": "2026-11-22"])
            let printed = (result.stdout + result.stderr).split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            #expect(Array(printed.prefix(shown.count)) == shown, "\(command)")
        }
    }
}
