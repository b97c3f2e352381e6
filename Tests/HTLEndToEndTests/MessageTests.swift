import Foundation
import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

/// The words of htl's messages, as a person reads them on 2026-11-22.
@Suite struct MessageTests {
    static let today = ["--today", "2026-11-22"]

    /// A ledger that reads six books (one finished on the 20th), and a book
    /// club's one book with a session a week, besides the sample's run.
    static func books() throws -> TemporaryLedger {
        try TemporaryLedger(
            SampleLedger.with([
                "measures.yaml": SyntheticLedger.basicMeasures + "books:\n  type: count\n  aliases: [book]\n",
                "goals/read.md": """
                ---
                title: Read six books
                start: 2026-11-02
                target: 2027-01-10
                term: 1
                targets:
                  books: 6
                values:
                  health: 5
                ---
                ## Action plan
                - Read in the evening.

                """,
                "goals/club.md": """
                ---
                title: Book club
                start: 2026-11-02
                target: 2026-11-29
                targets:
                  books: 1
                values:
                  health: 5
                cadence:
                  sessions: 1/week
                ---
                ## Action plan
                - Read the club's book.

                """,
                "log/2026.log": "2026-11-03 Run 5km +run\n2026-11-20 Finished Piranesi 1book +read\n",
            ]))
    }

    static func htl(_ arguments: [String], _ l: TemporaryLedger) throws -> HTLBinary.Result {
        try HTLBinary.run(arguments + ["-C", l.root] + today)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A count measure reads in whole things: "1 book", not "1 books"; what
    /// is still needed is rounded up to a whole book ("1 book this week",
    /// not "0.7 books"), and the rate a count needs is "1 every 10 days",
    /// not "0.10/day or 0.70/week". Every view words it the same way.
    @Test func aCountReadsInWholeThingsSingularOrPlural() throws {
        let l = try Self.books()
        defer { l.remove() }
        // Read: 5 books in the 50 days from the 22nd to 10 January, 0.7 a
        // week; the club: 1 book in 8 days, 0.875 a week.
        let next = try Self.htl(["next"], l)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(
            Self.lines(next.stdout)[1...6] == [
                "  Run 100 km                                                                 run",
                "    behind · 5% · due 2027-01-10 (in 49 days) · next: 13.3 km this week",
                "  Read six books                                                            read",
                "    behind · 16% · due 2027-01-10 (in 49 days) · next: 1 book this week",
                "  Book club                                                                 club",
                "    not started · 0% · due 2026-11-29 (in 7 days) · next: 1 book this week",
            ], "\(next.stdout)")
        let read = Self.lines(try Self.htl(["progress", "read"], l).stdout)
        #expect(
            read[5...6] == [
                "  books   ███░░░░░░░░░░░░░░░░░  16%  1 / 6 books",
                "          5 books to go · needs 1 every 10 days · so far 1 every 21 days",
            ], "\(read)")
        let club = Self.lines(try Self.htl(["progress", "club"], l).stdout)
        #expect(
            club[5...6] == [
                "  books   ░░░░░░░░░░░░░░░░░░░░   0%  0 / 1 book",
                "          1 book to go · needs 1 every 8 days · so far none",
            ], "\(club)")
        #expect(
            club[16...20] == [
                "Cadence  ● met  ○ missed  ◌ open  – break  · to come",
                "  rhythm slipping: missed last week (0 of 1)",
                "  1 session/week  ○○◌·  0 of 4 weeks kept · streak 0 · best 0",
                "                  this week 0/1, last day · 1 session more by 2026-11-22 ·",
                "                  strength 0%",
            ], "\(club)")
        let review = Self.lines(try Self.htl(["review"], l).stdout)
        #expect(review[9] == "- logged: 1 book", "\(review)")
        let status = Self.lines(try Self.htl(["status"], l).stdout)
        #expect(
            status[10...12] == [
                "NOT STARTED   Book club                                                     club",
                "  ░░░░░░░░░░░░░░░░░░░░   0%  0 / 1 book               due 2026-11-29 (in 7 days)",
                "                             1 session/week · this week 0/1 · strength 0%",
            ], "\(status)")
    }
}

extension MessageTests {
    /// A misspelt option is named as a misspelt command is (exit 2, nothing run).
    @Test func aMisspeltOptionIsNamed() throws {
        let l = try TemporaryLedger(SampleLedger.files)
        defer { l.remove() }
        let status = try Self.htl(["status", "--jsn"], l)
        #expect(status.status == 2)
        #expect(status.stdout == "")
        #expect(
            status.stderr
                == "htl: unknown option '--jsn' for htl status (did you mean '--json'?); htl status --help lists what it "
                + "takes\n")
        let log = try Self.htl(["log", "Run 5km +run", "--dry-rn"], l)
        #expect(log.status == 2)
        #expect(
            log.stderr
                == "htl: unknown option '--dry-rn' for htl log (did you mean '--dry-run'?; to log it as text, quote the "
                + "whole line: htl log \"...\")\n")
        #expect(try l.read("log/2026.log") == SampleLedger.files["log/2026.log"])
        // Nothing near: the help is named as before.
        let far = try Self.htl(["status", "--bogus"], l)
        #expect(far.stderr == "htl: unknown option '--bogus' for htl status (htl status --help lists what it takes)\n")
    }
}

extension MessageTests {
    /// A goal aligned to a value nobody declared is told the values there are.
    @Test func anUnknownValueListsTheKnownOnes() throws {
        let goal = try #require(SampleLedger.files["goals/run.md"]).replacingOccurrences(
            of: "  health: 8", with: "  health: 8\n  fitness: 3")
        let l = try TemporaryLedger(
            SampleLedger.with([
                "goals/run.md": goal, "values/family.md": "---\ntitle: Family\nguidance: Call.\n---\nThem.\n",
            ]))
        defer { l.remove() }
        let check = try Self.htl(["check"], l)
        #expect(check.status == 1)
        #expect(
            check.stdout == """
                goals/run.md:10:3: error: unknown value 'fitness' [unknown-value]
                 10 |   fitness: 3
                    |   ^
                    = help: the values are family, health; or add it with 'htl new value fitness'

                """, "\(check.stdout)")
    }
}

extension MessageTests {
    /// A priority the file does not write (the level's default) is not
    /// shown as the person's: `–` in `htl values`, nothing in the report's
    /// value card, `priority_set: false` in the export.
    @Test func aDefaultPriorityIsNotShownAsWritten() throws {
        let l = try TemporaryLedger(
            SampleLedger.with([
                "values/family.md": "---\ntitle: Family\nlevel: highest_order\npriority: 2\n---\nThem.\n"
            ]))
        defer { l.remove() }
        let values = try Self.htl(["values"], l)
        #expect(
            values.stdout == """
                Values by priority (1 = most important; – none written, ranked by level)

                  2  Family · highest order                                    NEGLECTED  family
                     0 goals · 0 actions in 30 days

                  –  Health · general                                          NEGLECTED  health
                     1 goal · mean strength 8.0 · weighted progress 5% · 1 action in 30 days
                     strength  8  run  5% · behind

                """, "\(values.stdout)")
        let report = try Self.htl(["report", "-o", l.root + "/report.html"], l)
        #expect(report.status == 0, "\(report.stderr)")
        let html = try l.read("report.html")
        #expect(html.contains("<p class=\"quiet small\">priority 2 · highest order</p>"))
        #expect(html.contains("<p class=\"quiet small\">general</p>"))
        #expect(!html.contains("priority 40"))
        let export = try Self.htl(["export"], l).stdout
        #expect(export.contains("\"priority\": 2,\n      \"goals\""), "\(export)")
        #expect(
            export.components(separatedBy: "\"priority_set\": ").dropFirst().map { String($0.prefix(5)) } == [
                "true,", "false",
            ], "\(export)")
    }
}

extension MessageTests {
    /// The sample with the run's goal file broken: a key indented one space
    /// too far (line 8, column 6 is the colon libyaml stops at).
    static func brokenGoal() throws -> TemporaryLedger {
        let goal = try #require(SampleLedger.files["goals/run.md"]).replacingOccurrences(
            of: "  km: 100\n", with: "  km: 100\n   mi: 60\n")
        return try TemporaryLedger(SampleLedger.with(["goals/run.md": goal]))
    }

    static let brokenFinding = "goals/run.md:8:6: invalid YAML: mapping values are not allowed in this context"

    /// A goal whose file cannot be read does not vanish from the dashboard:
    /// it is listed first with the finding's place, in text, JSON and HTML.
    @Test func aBrokenGoalFileIsListedAsUnreadable() throws {
        let l = try Self.brokenGoal()
        defer { l.remove() }
        let status = try Self.htl(["status"], l)
        #expect(status.status == 1)
        #expect(
            status.stdout == """
                htl                                                                   2026-11-22
                Term 1 · week 3 of 10 · 49 days left
                1 unreadable

                UNREADABLE    goals/run.md                                                   run
                  goals/run.md:8:6: invalid YAML: mapping values are not allowed in this context
                  not counted until it is fixed: htl check

                Details: htl progress <goal-id>

                """, "\(status.stdout)")
        #expect(status.stderr == "1 error; run htl check\n")
        let json = try Self.htl(["status", "--json"], l).stdout
        #expect(
            json.hasSuffix(
                """
                  "goals": [],
                  "unreadable_goals": [
                    {
                      "id": "run",
                      "path": "goals/run.md",
                      "line": 8,
                      "column": 6,
                      "message": "invalid YAML: mapping values are not allowed in this context"
                    }
                  ],
                  "timer": null
                }

                """), "\(json)")
        let report = try Self.htl(["report", "-o", l.root + "/report.html"], l)
        #expect(report.status == 1)
        let html = try l.read("report.html")
        #expect(html.contains("<span class=\"count\">1 · needing attention first · 1 unreadable</span>"), "\(html)")
        #expect(
            html.contains(
                "<h3 id=\"unreadable-1-title\" class=\"grow\">goals/run.md</h3>"
                    + "<span class=\"pill tone-red\">unreadable</span></div>"), "\(html)")
        #expect(html.contains("<p class=\"facts\"><code>\(Self.brokenFinding)</code></p>"), "\(html)")
    }

    /// `htl log` still appends a valid line that links such a goal, and says
    /// on stderr that the goal's file has errors, and where.
    @Test func loggingToABrokenGoalWarns() throws {
        let l = try Self.brokenGoal()
        defer { l.remove() }
        let log = try Self.htl(["log", "Run 4km +run"], l)
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.stdout == "2026-11-22 Run 4km +run\n")
        #expect(
            log.stderr
                == "warning: goal 'run' has errors in its file: \(Self.brokenFinding); the line is written, and "
                + "counts toward it once the file is fixed (htl check)\n")
        #expect(try l.read("log/2026.log") == "2026-11-03 Run 5km +run\n2026-11-22 Run 4km +run\n")
        // A line that links only readable goals says nothing more.
        let other = try Self.htl(["log", "Stretch 10min", "--dry-run"], l)
        #expect(other.status == 0)
        #expect(other.stderr == "")
    }
}

extension MessageTests {
    /// A line far out of order in its file (more than 7 days before its
    /// latest line, or in another year than the file's) is written with a
    /// note that another day may have been meant; a week late is not noted.
    @Test func aLineFarOutOfOrderGetsANote() throws {
        let l = try TemporaryLedger(SampleLedger.files)
        defer { l.remove() }
        // The log's latest line is 2026-11-03: the 27th of October is 7 days before it, the 26th 8.
        let week = try Self.htl(["log", "Stretch 10min", "--date", "2026-10-27"], l)
        #expect(week.status == 0)
        #expect(week.stdout == "2026-10-27 Stretch 10min\n")
        #expect(week.stderr == "")
        let far = try Self.htl(["log", "Stretch 10min", "--date", "2026-10-26"], l)
        #expect(far.status == 0)
        #expect(far.stdout == "2026-10-26 Stretch 10min\n")
        #expect(
            far.stderr
                == "note: 2026-10-26 is 8 days before the latest line of log/2026.log (2026-11-03); if you meant "
                + "another day, remove the line before you commit, and log it again with --date\n")
        #expect(
            try l.read("log/2026.log")
                == "2026-11-03 Run 5km +run\n2026-10-27 Stretch 10min\n2026-10-26 Stretch 10min\n")
        let year = try Self.htl(
            ["log", "Stretch 10min", "--date", "2025-12-30", "--file", "log/2026.log", "--dry-run"], l)
        #expect(year.status == 0)
        #expect(
            year.stderr
                == "note: 2025-12-30 is not in 2026, the year of log/2026.log; if you meant 2026, give it with --date\n"
        )
        // Its own year's file, new: nothing to compare with.
        let own = try Self.htl(["log", "Stretch 10min", "--date", "2025-12-30", "--dry-run"], l)
        #expect(own.stderr == "")
    }
}
