import HTLTestSupport
import LedgerGenerator
import Testing

@testable import HTLCore
@testable import HTLModel
@testable import HTLProgress
@testable import HTLRender

/// `htl next` and `htl due` on hand-made goals: the documented thresholds.
@Suite struct RitualTests {
    static func goal(_ importance: Int, _ urgency: Int, target: String? = nil, extra: String = "") -> String {
        "---\ntitle: G\nimportance: \(importance)\nurgency: \(urgency)\n" + (target.map { "target: \($0)\n" } ?? "")
            + extra + "---\n## Action plan\n- [ ] First step\n- [x] Done step\n"
    }

    static func report(_ goals: [String: String]) -> ProgressReport {
        var files = SampleLedger.with(["goals/run.md": nil, "log/2026.log": ""])
        for (id, text) in goals { files["goals/\(id).md"] = text }
        return ProgressEngine.compute(SampleLedger.load(files).ledger, today: SampleLedger.today)
    }

    @Test func quadrantsFollowTheThresholds() {
        // Today is 2026-11-22: the 29th is 7 days away, the 30th 8.
        let r = Self.report([
            "both-six": Self.goal(6, 6),
            "important-only": Self.goal(6, 5, target: "2026-11-30"),
            "due-in-seven": Self.goal(6, 5, target: "2026-11-29"),
            "urgent-only": Self.goal(5, 6),
            "neither": Self.goal(5, 5, target: "2026-11-30"),
            "past-due": Self.goal(2, 1, target: "2026-11-01"),
            "done": Self.goal(9, 9, extra: "status: done\n"),
        ])
        let matrix = Eisenhower.matrix(r)
        #expect(matrix.map(\.quadrant) == [.doNow, .schedule, .keepUp, .letGo])
        #expect(
            matrix.map { $0.goals.map(\.id).sorted() } == [
                ["both-six", "due-in-seven"], ["important-only"], ["past-due", "urgent-only"], ["neither"],
            ])
    }

    @Test func nextStepPrefersTheChecklistThenThePaceThenTheCadence() throws {
        let r = Self.report([
            "list": Self.goal(8, 8),
            "pace": "---\ntitle: P\nstart: 2026-11-02\ntarget: 2026-12-13\ntargets:\n  km: 100\n---\n## Action plan\n",
            "late": "---\ntitle: L\nstart: 2026-10-01\ntarget: 2026-11-01\ntargets:\n  km: 10\n---\n## Action plan\n",
            "habit": "---\ntitle: H\nstart: 2026-11-02\ncadence:\n  actions: 3/week\n---\n## Action plan\n",
        ])
        #expect(NextStep(try #require(r.goal("list"))) == .checklist("First step"))
        // 100 km in 22 days from today (the 22nd to 13 December, both included): 100 × 7 / 22 = 31.818182 a week.
        #expect(
            NextStep(try #require(r.goal("pace")))
                == .thisWeek(amount: ExactDecimal(millionths: 31_818_182), measure: "km"))
        #expect(NextText.words(NextStep(try #require(r.goal("pace"))), r.measures) == "31.82 km this week")
        #expect(NextStep(try #require(r.goal("late"))) == .remaining(amount: ExactDecimal(10), measure: "km"))
        // The week of Monday the 16th ends Sunday the 22nd: 3 more.
        #expect(NextText.words(NextStep(try #require(r.goal("habit"))), r.measures) == "3 more by 2026-11-22")
    }

    @Test func dueListsOverdueAndSoonByDate() {
        let r = Self.report([
            "late": Self.goal(5, 5, target: "2026-11-01"),
            "today": Self.goal(5, 5, target: "2026-11-22"),
            "week": Self.goal(5, 5, target: "2026-11-29"),
            "later": Self.goal(5, 5, target: "2026-11-30"),
            "done": Self.goal(5, 5, target: "2026-11-01", extra: "status: done\n"),
        ])
        let list = DueList(r, within: 7)
        #expect(list.overdue.map(\.id) == ["late"])
        #expect(list.due.map(\.id) == ["today", "week"])
        #expect(DueList(r, within: 0).due.map(\.id) == ["today"])
    }
}

/// The review's period, name and figures on a small ledger.
@Suite struct ReviewTests {
    static func review(_ files: [String: String], today: CivilDate, span: Review.Span = .week) -> Review? {
        let ledger = SampleLedger.load(files).ledger
        return Review(ledger: ledger, report: ProgressEngine.compute(ledger, today: today), span: span)
    }

    static func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { CivilDate(year: y, month: m, day: d)! }

    @Test func weeksAreNamedByISOWeek() throws {
        // Sunday 22 November 2026: the week of Monday the 16th, ISO week 47.
        #expect(try #require(Self.review(SampleLedger.files, today: Self.day(2026, 11, 22))).name == "2026-W47")
        // Friday 1 January 2027 is in the week of Monday 28 December: 2026-W53.
        #expect(try #require(Self.review(SampleLedger.files, today: Self.day(2027, 1, 1))).name == "2026-W53")
        // Monday 4 January 2027 starts 2027-W01.
        #expect(try #require(Self.review(SampleLedger.files, today: Self.day(2027, 1, 4))).name == "2027-W01")
        // A term: its number.
        #expect(
            try #require(Self.review(SampleLedger.files, today: Self.day(2026, 11, 22), span: .term(1))).name
                == "term-1")
        #expect(Self.review(SampleLedger.files, today: Self.day(2026, 11, 22), span: .term(9)) == nil)
    }

    @Test func doneMovedAndStalledFromTheLogDates() throws {
        let files = SampleLedger.with([
            "log/2026.log": """
            2026-11-03 Run 5km +run
            2026-11-16 Run 10km 50min +run
            2026-11-18 Run 15km +run
            2026-11-19 Fix -1km +run
            2026-11-23 Run 30km +run

            """
        ])
        let r = try #require(Self.review(files, today: Self.day(2026, 11, 22)))
        #expect(r.period == DateRange(start: Self.day(2026, 11, 16), end: Self.day(2026, 11, 22)))
        // Two runs count (the correction is not one more action; the 23rd is to come).
        #expect(r.actions == 2)
        #expect(r.goals == [Review.Tally(id: "run", title: "Run 100 km", actions: 2)])
        #expect(r.values == [Review.Tally(id: "health", title: "Health", actions: 2)])
        // Everything logged in the week, as written: 10 + 15 − 1 km, 50 min.
        #expect(r.totals.map(\.measure) == ["km", "min"])
        #expect(r.totals.map(\.amount) == [ExactDecimal(24), ExactDecimal(50)])
        // 5 % at the end of the 15th, 29 % today.
        let move = try #require(r.moves.first)
        #expect(move.before == ExactDecimal(millionths: 50_000))
        #expect(move.goal.progress == ExactDecimal(millionths: 290_000))
        #expect(r.stalled.isEmpty)
        // Later the 23rd's run counts; 14 days after it (7 December) the goal has stalled, 13 days after it not yet.
        let fourteen = try #require(Self.review(files, today: Self.day(2026, 12, 7)))
        #expect(fourteen.stalled.map { $0.lastAction } == [Self.day(2026, 11, 23)])
        let thirteen = try #require(Self.review(files, today: Self.day(2026, 12, 6)))
        #expect(thirteen.stalled.isEmpty)
    }
}

/// How an amount of a measure is worded (FORMAT.md §4).
@Suite struct AmountWordsTests {
    static let measures = SampleLedger.load(
        SampleLedger.with([
            "measures.yaml": SyntheticLedger.basicMeasures
                + "books:\n  type: count\n  aliases: [book]\npages:\n  type: count\nstories:\n  type: count\n"
                + "glasses:\n  type: count\nkcal:\n  type: energy\n"
        ])
    ).ledger.measures

    @Test func oneIsSingularAndACountNeededIsWhole() {
        let m = Self.measures
        func q(_ millionths: Int128, _ unit: String, needed: Bool = false) -> String {
            TextLayout.quantity(ExactDecimal(millionths: millionths), unit, m, needed: needed)
        }
        // The singular: a declared alias, else for a count the id without its plural ending.
        #expect(q(1_000_000, "books") == "1 book")
        #expect(q(1_000_000, "book") == "1 book")
        #expect(q(1_000_000, "pages") == "1 page")
        #expect(q(1_000_000, "stories") == "1 story")
        #expect(q(1_000_000, "glasses") == "1 glass")
        #expect(q(1_000_000, "sessions") == "1 session")
        #expect(q(1_000_000, "km") == "1 km")
        #expect(q(1_000_000, "kcal") == "1 kcal")
        #expect(q(1_000_000, "actions") == "1 action")
        #expect(q(2_000_000, "books") == "2 books")
        #expect(q(0, "books") == "0 books")
        // A count as logged keeps its figure; still needed, it is rounded up.
        #expect(q(490_000, "books") == "0.49 books")
        #expect(q(490_000, "books", needed: true) == "1 book")
        #expect(q(1_000_001, "books", needed: true) == "2 books")
        #expect(q(3_000_000, "books", needed: true) == "3 books")
        // Not a count: two decimals, needed or not.
        #expect(q(490_000, "km", needed: true) == "0.49 km")
    }

    @Test func aCountsRateIsWhole() {
        let m = Self.measures
        func r(_ millionths: Int128, _ unit: String, needed: Bool) -> String {
            TextLayout.rate(perDay: ExactDecimal(millionths: millionths), unit, m, needed: needed)
        }
        #expect(r(100_000, "books", needed: true) == "1 every 10 days")
        #expect(r(104_000, "books", needed: true) == "1 every 9 days")
        #expect(r(104_000, "books", needed: false) == "1 every 10 days")
        // 0.2 a day is 1.4 a week: 2 a week needed, 1 a week so far.
        #expect(r(200_000, "books", needed: true) == "2/week")
        #expect(r(200_000, "books", needed: false) == "1/week")
        #expect(r(12_500_000, "pages", needed: true) == "13/day")
        #expect(r(0, "pages", needed: false) == "none")
        #expect(r(100_000, "km", needed: true) == "0.10/day")
    }
}
