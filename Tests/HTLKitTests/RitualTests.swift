@testable import HTLCore
@testable import HTLModel
@testable import HTLProgress
@testable import HTLRender
import HTLTestSupport
import Testing

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
        #expect(matrix.map { $0.goals.map(\.id).sorted() } == [
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
        #expect(NextStep(try #require(r.goal("pace"))) == .thisWeek(amount: ExactDecimal(millionths: 31_818_182), measure: "km"))
        #expect(NextText.words(NextStep(try #require(r.goal("pace")))) == "31.82 km this week")
        #expect(NextStep(try #require(r.goal("late"))) == .remaining(amount: ExactDecimal(10), measure: "km"))
        // The week of Monday the 16th ends Sunday the 22nd: 3 more.
        #expect(NextText.words(NextStep(try #require(r.goal("habit")))) == "3 more by 2026-11-22")
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
