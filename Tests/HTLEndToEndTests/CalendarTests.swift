import Foundation
import HTLKit
import HTLTestSupport
import Testing

/// `htl calendar` read back by an independent parser: Python's `icalendar`
/// (PyPI; `make test` installs it).
@Suite struct CalendarTests {
    static let example = Paths.root.appendingPathComponent("goals-example").path

    /// Every VEVENT as [UID, DTSTART, SUMMARY, DESCRIPTION], as icalendar reads them.
    static func parse(_ ics: String) throws -> [[String]] {
        let script = """
            import json, sys, icalendar
            cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
            assert cal.get('VERSION') == '2.0', cal.get('VERSION')
            out = []
            for e in cal.walk('VEVENT'):
                assert e.get('DTSTAMP') is not None
                out.append([str(e['UID']), e.decoded('DTSTART').isoformat(), str(e['SUMMARY']), str(e['DESCRIPTION'])])
            print(json.dumps(out))
            """
        let result = try Command.run("python3", ["-c", script], stdin: ics)
        #expect(result.status == 0, "icalendar could not read it: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String]])
    }

    @Test func goalsExampleIsAValidCalendarWithStableUIDs() throws {
        let result = try HTLBinary.run(["calendar", "-C", Self.example, "--today", "2026-11-22"])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.check(result.stdout, against: "Tests/Golden/goals-example/calendar.ics")
        // CRLF line ends, no line longer than 75 octets.
        #expect(!result.stdout.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        for line in result.stdout.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }

        let events = try Self.parse(result.stdout)
        // Nine goals with a target date (the habit has none, the dropped one is left out),
        // two terms with a start and an end each.
        #expect(events.count == 13)
        let tax = try #require(events.first { $0[0] == "goal-file-tax-return@maya-s-ledger.htl" })
        #expect(tax[1] == "2026-12-15")
        #expect(tax[2] == "Deadline: File the 2025 tax return")
        #expect(
            tax[3]
                == "on track · 40%\nchecklist 2 of 5 done\nrequested by Tax office\nif missed: A late-filing "
                + "surcharge and an estimated assessment that is usually too high\nhtl progress file-tax-return"
        )
        #expect(
            events.contains {
                $0 == [
                    "term-7-end@maya-s-ledger.htl", "2027-01-10", "Term 7 · Steady foundations ends",
                    "Fewer goals, done properly\n7 goals: declutter-flat, file-tax-return, learn-spanish, run-100km, "
                        + "save-emergency-fund, submit-grant-application, volunteer-food-bank",
                ]
            })

        // Another day: new figures, the same UIDs (a subscribed calendar updates, never duplicates).
        let later = try Self.parse(try HTLBinary.run(["calendar", "-C", Self.example, "--today", "2026-12-20"]).stdout)
        #expect(later.map { $0[0] } == events.map { $0[0] })
        #expect(Set(events.map { $0[0] }).count == events.count)
    }

    /// Each due date of a goal in play rings as htl.yaml's `reminders` say
    /// (default one day before), as icalendar reads the alarms.
    @Test func dueDatesRingTheirReminders() throws {
        let script = """
            import json, sys, icalendar
            cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
            out = {}
            for e in cal.walk('VEVENT'):
                alarms = [a for a in e.walk('VALARM')]
                out[str(e['UID']).split('@')[0]] = [
                    [str(a['ACTION']), int(a.decoded('TRIGGER').total_seconds()) // 60, str(a['DESCRIPTION'])]
                    for a in alarms]
            print(json.dumps(out, sort_keys=True))
            """
        func alarms(_ settings: String) throws -> [String: [[String]]] {
            let ledger = try TemporaryLedger(
                SampleLedger.with([
                    "htl.yaml": settings,
                    "goals/done.md": "---\ntitle: Done early\ntarget: 2026-12-01\nstatus: done\n---\n",
                ]))
            defer { ledger.remove() }
            let ics = try HTLBinary.run(["calendar", "-C", ledger.root, "--today", "2026-11-22"])
            #expect(ics.status == 0, "\(ics.stderr)")
            let read = try Command.run("python3", ["-c", script], stdin: ics.stdout)
            #expect(read.status == 0, "\(read.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: [[Any]]] ?? [:]
            return json.mapValues { $0.map { $0.map { "\($0)" } } }
        }
        let byDefault = try alarms("htl: 1\n")
        #expect(byDefault["goal-run"] == [["DISPLAY", "-1440", "Due: Run 100 km"]])
        #expect(byDefault["goal-done"] == [])  // a goal done rings nothing
        #expect(byDefault["term-1-start"] == [])
        let two = try alarms("htl: 1\nreminders: [1d, 2h, 1w, 30m]\n")
        #expect(two["goal-run"]?.map { $0[1] } == ["-1440", "-120", "-10080", "-30"])
        #expect(try alarms("htl: 1\nreminders: []\n")["goal-run"] == [])
        // Nothing after the key is the default; a lead time repeated rings once.
        #expect(try alarms("htl: 1\nreminders:\n")["goal-run"]?.map { $0[1] } == ["-1440"])
        #expect(try alarms("htl: 1\nreminders: [2h, 2h]\n")["goal-run"]?.map { $0[1] } == ["-120"])

        let many = try TemporaryLedger(
            SampleLedger.with([
                "htl.yaml": "htl: 1\nreminders: [" + (1...11).map { "\($0)h" }.joined(separator: ", ") + "]\n"
            ]))
        defer { many.remove() }
        #expect(
            try HTLBinary.run(["check", "-C", many.root, "--today", "2026-11-22"]).stdout.hasPrefix(
                "htl.yaml:2:12: error: reminders takes at most 10 lead times, found 11 [invalid-value]"))
        let bad = try TemporaryLedger(SampleLedger.with(["htl.yaml": "htl: 1\nreminders: [1d, 2 hours]\n"]))
        defer { bad.remove() }
        let check = try HTLBinary.run(["check", "-C", bad.root, "--today", "2026-11-22"])
        #expect(
            check.stdout.contains(
                "htl.yaml:2:17: error: a reminder is a lead time such as 1d, 2h, 30m or 1w (at most a year), found "
                    + "'2 hours' [invalid-value]"), "\(check.stdout)")
    }

    @Test func textIsEscapedAndFoldedWithoutSplittingCharacters() throws {
        let ledger = try TemporaryLedger(
            SampleLedger.with([
                "htl.yaml": "htl: 1\ntitle: \"Ana; Bo, and C\\\\D\"\n",
                "goals/run.md": """
                ---
                title: "Run, swim; and \\\\ climb: ünïcödé ✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓ long enough to fold across lines"
                start: 2026-11-02
                target: 2027-01-10
                kind: obligation
                requested_by: "Coach; the club, and me"
                consequence: "No race\\nnext year"
                targets:
                  km: 100
                ---
                ## Action plan
                - Run.

                """,
            ]))
        defer { ledger.remove() }
        let result = try HTLBinary.run(["calendar", "-C", ledger.root, "-o", "-", "--today", "2026-11-22"])
        #expect(result.status == 0, "\(result.stderr)")
        for line in result.stdout.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }
        #expect(result.stdout.contains("X-WR-CALNAME:Ana\\; Bo\\, and C\\\\D"))
        let events = try Self.parse(result.stdout)
        let run = try #require(events.first)
        #expect(run[0] == "goal-run@ana-bo-and-c-d.htl")
        #expect(
            run[2] == "Deadline: Run, swim; and \\ climb: ünïcödé ✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓ long enough to fold across lines"
        )
        #expect(
            run[3]
                == "behind · 5%\n5 / 100 km\nrequested by Coach; the club, and me\nif missed: No race\nnext year\nhtl "
                + "progress run"
        )
    }

    /// Every date is one RFC 5545 can hold (years 0001-9999): an event on
    /// 9999-12-31 has no DTEND (one day, as the RFC reads it), a term whose
    /// default end would fall after 9999-12-31 ends on it, and a projected
    /// finish after it is none.
    @Test func datesAtTheEdgesOfTheCalendarStayValid() throws {
        let ledger = try TemporaryLedger(
            SampleLedger.with([
                "terms/term-1.md": "---\nnumber: 1\nstart: 9999-12-01\n---\n",
                "goals/run.md":
                    "---\ntitle: Last\nstart: 9999-01-01\ntarget: 9999-12-31\nterm: 1\ntargets:\n  km: 100\nvalues:\n "
                    + " health: 8\n---\n",
                "goals/first.md":
                    "---\ntitle: First\nstart: 0001-01-01\ntarget: 0001-01-01\nvalues:\n  health: 8\n---\n",
                "log/2026.log": nil,
                "log/9999.log": "9999-01-02 Run 20km +run\n",
            ]))
        defer { ledger.remove() }
        let result = try HTLBinary.run(["calendar", "-C", ledger.root, "--today", "9999-12-31"])
        #expect(result.status == 0, "\(result.stderr)")
        let dates = result.stdout.components(separatedBy: "\r\n").filter { $0.hasPrefix("DT") || $0.hasPrefix("UID") }
        #expect(
            dates == [
                "UID:goal-first@ledger.htl", "DTSTAMP:99991231T000000Z", "DTSTART;VALUE=DATE:00010101",
                "DTEND;VALUE=DATE:00010102",
                "UID:goal-run@ledger.htl", "DTSTAMP:99991231T000000Z", "DTSTART;VALUE=DATE:99991231",
                "UID:term-1-start@ledger.htl", "DTSTAMP:99991231T000000Z", "DTSTART;VALUE=DATE:99991201",
                "DTEND;VALUE=DATE:99991202",
                "UID:term-1-end@ledger.htl", "DTSTAMP:99991231T000000Z", "DTSTART;VALUE=DATE:99991231",
            ])
        #expect(
            try Self.parse(result.stdout).map { $0[1] } == ["0001-01-01", "9999-12-31", "9999-12-01", "9999-12-31"])
        // The same dates everywhere else: the term's end, no projected finish past the calendar.
        let terms = try HTLBinary.run(["terms", "--json", "-C", ledger.root, "--today", "9999-12-31"])
        #expect(terms.stdout.contains("\"start\": \"9999-12-01\",\n      \"end\": \"9999-12-31\","), "\(terms.stdout)")
        let progress = try HTLBinary.run(["progress", "run", "--json", "-C", ledger.root, "--today", "9999-12-31"])
        #expect(progress.stdout.contains("\"projected_finish\": null,"), "\(progress.stdout)")
    }

    @Test func writesTheFileAtomically() throws {
        let work = try TemporaryLedger([:], prefix: "htl-calendar-out")
        defer { work.remove() }
        let result = try HTLBinary.run(
            ["calendar", "-C", Self.example, "-o", "goals.ics", "--today", "2026-11-22"], in: work.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wrote goals.ics\n")
        let stdout = try HTLBinary.run(["calendar", "-C", Self.example, "--today", "2026-11-22"])
        #expect(try work.read("goals.ics") == stdout.stdout)
    }
}
