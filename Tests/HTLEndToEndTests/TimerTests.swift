import Foundation
import HTLTestSupport
import Testing

/// `htl start`, `stop`, `switch`, `resume`: the line a stop appends is the
/// one `htl log` would write, dated when the timer started, with the whole
/// minutes it ran; a timer past its day's end is reported, not logged.
@Suite struct TimerTests {
    func ledger(_ changes: [String: String?] = [:]) throws -> TemporaryLedger {
        try TemporaryLedger(SampleLedger.with(changes))
    }

    /// htl at a moment of 2026-11-22 (or `day`).
    func htl(_ l: TemporaryLedger, _ arguments: [String], at time: String, day: String = "2026-11-22") throws
        -> HTLBinary.Result
    {
        try HTLBinary.run(arguments + ["-C", l.root, "--today", day, "--at", time])
    }

    @Test func aStopLogsTheMinutesItRan() throws {
        let l = try ledger()
        defer { l.remove() }
        let started = try htl(l, ["start", "Tempo run 6km +run"], at: "07:05")
        #expect(started.status == 0 && started.stdout == "started 07:05 Tempo run 6km +run\n", "\(started.stderr)")
        #expect(try l.read(".htl-timer") == "running 2026-11-22 07:05 Tempo run 6km +run\n")
        let again = try htl(l, ["start", "Something else"], at: "07:10")
        #expect(again.status == 1)
        #expect(again.stderr == "htl: a timer is running: Tempo run 6km +run, since 2026-11-22 07:05\n")

        let switched = try htl(l, ["switch", "Stretching 1session"], at: "07:41")
        #expect(switched.status == 0, "\(switched.stderr)")
        #expect(switched.stdout == "2026-11-22 07:05 Tempo run 6km +run 36min\nstarted 07:41 Stretching 1session\n")
        let stopped = try htl(l, ["stop"], at: "07:41")
        // Started and stopped within the minute: at least 1.
        #expect(stopped.stdout == "2026-11-22 07:41 Stretching 1session 1min\n", "\(stopped.stderr)")
        #expect(try l.read(".htl-timer") == "stopped 2026-11-22 07:41 Stretching 1session\n")
        let none = try htl(l, ["stop"], at: "07:50")
        #expect(none.status == 1 && none.stderr == "htl: no timer is running\n")

        let resumed = try htl(l, ["resume"], at: "18:00")
        #expect(resumed.stdout == "started 18:00 Stretching 1session\n")
        #expect(try htl(l, ["stop"], at: "18:20").stdout == "2026-11-22 18:00 Stretching 1session 20min\n")
        #expect(
            try l.read("log/2026.log")
                == "2026-11-03 Run 5km +run\n2026-11-22 07:05 Tempo run 6km +run 36min\n"
                + "2026-11-22 07:41 Stretching 1session 1min\n2026-11-22 18:00 Stretching 1session 20min\n")
        // 5 km + 6 km of the run goal's 100 km.
        #expect(
            try HTLBinary.run(["progress", "run", "-C", l.root, "--today", "2026-11-22"]).stdout.contains("11 / 100 km")
        )
    }

    /// A timer past its day's end: nothing logged, the way to log it said;
    /// `day_starts_at` moves the end, and `--discard` drops the timer.
    @Test func aTimerPastItsDayIsReportedNotLogged() throws {
        let l = try ledger()
        defer { l.remove() }
        let log = try l.read("log/2026.log")
        _ = try htl(l, ["start", "Late stretching 1session"], at: "23:30")
        let refused = try htl(l, ["stop"], at: "00:20", day: "2026-11-23")
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "htl: the timer ran past the end of its day (Late stretching 1session, since 2026-11-22 23:30; a day "
                + "ends at 00:00): nothing logged. Log what you did, e.g. htl log --date 2026-11-22 --time 23:30 "
                + "'Late stretching 1session 30min', then drop the timer with htl stop --discard\n")
        #expect(try l.read("log/2026.log") == log)
        #expect(try l.read(".htl-timer") == "running 2026-11-22 23:30 Late stretching 1session\n")
        // More than a day is past its day's end whatever day_starts_at says.
        #expect(try htl(l, ["stop"], at: "23:40", day: "2026-11-23").status == 1)
        let dropped = try htl(l, ["stop", "--discard"], at: "00:25", day: "2026-11-23")
        #expect(dropped.stdout == "stopped 00:25, logged nothing: Late stretching 1session\n")
        #expect(try l.read("log/2026.log") == log)

        // A night owl's day ends at 04:00: 23:30 to 00:20 is one day, dated the day it started.
        try l.write("htl.yaml", "htl: 1\nday_starts_at: \"04:00\"\n")
        _ = try htl(l, ["start", "Late stretching 1session"], at: "23:30")
        let logged = try htl(l, ["stop"], at: "00:20", day: "2026-11-23")
        #expect(logged.stdout == "2026-11-22 23:30 Late stretching 1session 50min\n", "\(logged.stderr)")
    }

    /// The line a stop would log is checked at the start: an unknown goal starts nothing.
    @Test func aStartWithABadLineStartsNothing() throws {
        let l = try ledger()
        defer { l.remove() }
        let bad = try htl(l, ["start", "Piano +piano-20h"], at: "09:00")
        #expect(bad.status == 1)
        #expect(
            bad.stderr.contains("log/2026.log:2:24: error: unknown goal '+piano-20h' [unknown-goal]"), "\(bad.stderr)")
        #expect(
            bad.stderr.hasSuffix(
                "no timer started (the line checked is the one htl stop would write, with 1min where its minutes "
                    + "go: leave your own duration out)\n"))
        #expect(!FileManager.default.fileExists(atPath: l.root + "/.htl-timer"))
        #expect(try htl(l, ["start"], at: "09:00").status == 2)
        #expect(
            try HTLBinary.run(["start", "Run", "-C", l.root, "--today", "2026-11-22"]).stderr
                == "htl: with --today (or HTL_TODAY), give the time with --at HH:MM\n")
    }

    /// Two terminals start a timer at once: the writer lock lets one start
    /// it, the other is told which runs; then a stop and a log at once both land.
    @Test func twoStartsAtOnceOneWins() throws {
        let l = try ledger()
        defer { l.remove() }
        let at = ["-C", l.root, "--today", "2026-11-22", "--at"]
        let all = Command.concurrently((0..<2).map { ["htl", "start", "Timer \($0)"] + at + ["10:00"] })
        let winners = all.indices.filter { all[$0]?.status == 0 }
        #expect(winners.count == 1, "\(all)")
        let winner = winners.first ?? 0
        #expect(all[1 - winner]?.stderr == "htl: a timer is running: Timer \(winner), since 2026-11-22 10:00\n")
        #expect(try l.read(".htl-timer") == "running 2026-11-22 10:00 Timer \(winner)\n")

        let both = Command.concurrently([
            ["htl", "stop"] + at + ["10:30"], ["htl", "log", "Run 3km +run", "-C", l.root, "--today", "2026-11-22"],
        ])
        #expect(both.map { $0?.status } == [0, 0])
        let lines = try l.read("log/2026.log").split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.contains("2026-11-22 10:00 Timer \(winner) 30min"))
        #expect(lines.contains("2026-11-22 Run 3km +run"))
    }

    /// A timer file written on another system (CR LF) reads the same; one
    /// htl cannot read is said by status, which still shows the dashboard.
    @Test func aForeignOrBrokenTimerFile() throws {
        let l = try ledger()
        defer { l.remove() }
        try l.write(".htl-timer", "running 2026-11-22 07:05 Tempo run 6km +run\r\n")
        #expect(try htl(l, ["stop"], at: "07:40").stdout == "2026-11-22 07:05 Tempo run 6km +run 35min\n")
        try l.write(".htl-timer", "running 2026-11-22 07:05 a\u{1B}[31m red\n")
        let status = try HTLBinary.run(["status", "-C", l.root, "--today", "2026-11-22"])
        #expect(status.status == 0)
        #expect(
            status.stderr
                == "htl: warning: .htl-timer is not a timer htl wrote (one line: running DATE HH:MM TEXT); fix or "
                + "remove it; the timer is not shown\n")
        #expect(status.stdout.contains("Run 100 km"))

        // What start writes, stop reads: a tab is text; an escape is refused up front.
        try FileManager.default.removeItem(atPath: l.root + "/.htl-timer")
        #expect(try htl(l, ["start", "Easy\trun 3km +run"], at: "08:00").status == 0)
        #expect(try htl(l, ["stop"], at: "08:20").stdout == "2026-11-22 08:00 Easy run 3km +run 20min\n")
        let escape = try htl(l, ["start", "Run\u{1B}[31m 3km"], at: "09:00")
        #expect(escape.status == 2 && escape.stderr.contains("without control characters"))
    }

    /// `htl status` says what runs; its JSON carries it.
    @Test func statusShowsTheRunningTimer() throws {
        let l = try ledger()
        defer { l.remove() }
        _ = try htl(l, ["start", "Tempo run 6km +run"], at: "07:05")
        let status = try HTLBinary.run(["status", "-C", l.root, "--today", "2026-11-22"])
        #expect(status.stdout.hasSuffix("\nTimer: Tempo run 6km +run, since 07:05\n"), "\(status.stdout)")
        let json = try HTLBinary.run(["status", "--json", "-C", l.root, "--today", "2026-11-22"]).stdout
        #expect(
            json.hasSuffix(
                "\"timer\": {\n    \"text\": \"Tempo run 6km +run\",\n    \"started\": \"2026-11-22T07:05\",\n"
                    + "    \"minutes\": null\n  }\n}\n"), "\(json)")
        _ = try htl(l, ["stop"], at: "07:40")
        let after = try HTLBinary.run(["status", "--json", "-C", l.root, "--today", "2026-11-22"]).stdout
        #expect(after.hasSuffix("\"timer\": null\n}\n"))
    }
}
