import Foundation
import HTLKit
import HTLTestSupport
import Testing

@testable import HTLProgress
@testable import HTLRender

/// The HTML report tells one story per goal and says only what is true: a
/// badge in its goal's colour, a kept week drawn as kept, a calendar as long
/// as the ledger, no "busiest day" among equals, no tie cut from "Next due".
@Suite struct ReportReadsRightTests {
    func render(_ changes: [String: String?], today: CivilDate = SampleLedger.today) -> String {
        let ledger = SampleLedger.load(SampleLedger.with(changes)).ledger
        return HTMLReport.render(ledger: ledger, report: ProgressEngine.compute(ledger, today: today))
    }

    static func goal(_ title: String, importance: Int = 8, target: String = "2027-01-10", extra: String = "") -> String
    {
        "---\ntitle: \(title)\nstart: 2026-11-02\ntarget: \(target)\nimportance: \(importance)\n\(extra)---\n"
            + "## Action plan\n- Go.\n"
    }

    @Test func anImportantGoalsBadgeIsInItsStatesColour() {
        // 18 km of 100 on day 21 of 70: behind, orange; the badge too.
        let html = render([
            "goals/run.md": Self.goal("Run", importance: 9, extra: "targets:\n  km: 100\n"),
            "log/2026.log": "2026-11-03 Run 18km +run\n",
        ])
        #expect(
            html.contains(
                "<span class=\"pill tone-orange\">behind</span><span class=\"pill badge tone-orange\" "
                    + "title=\"importance 9 of 10 (the default is 8)\">importance 9</span>"))
        #expect(!html.contains("--badge"))
    }

    @Test func aKeptWeekOfABehindHabitIsDrawnKept() {
        // At most 1 takeaway a week: the week of 2 Nov kept (1), the week of 9 Nov over (2).
        let html = render(
            [
                "goals/run.md": nil,
                "goals/takeaways.md":
                    "---\ntitle: Fewer takeaways\nstart: 2026-11-02\ncadence:\n  actions: \"<=1/week\"\n"
                    + "tags: [takeaway]\n---\n## Action plan\n- Cook.\n",
                "log/2026.log":
                    "2026-11-03 Pizza #takeaway\n2026-11-10 Curry #takeaway\n2026-11-12 Noodles #takeaway\n",
            ], today: CivilDate(year: 2026, month: 11, day: 16)!)
        #expect(html.contains("<p class=\"chips\"><span class=\"pill tone-orange\">behind</span>"))
        #expect(
            html.contains(
                "<span class=\"period met fill-green\" title=\"2026-11-02 – 2026-11-08: 1 of 1, met\"></span>"
                    + "<span class=\"period missed\" title=\"2026-11-09 – 2026-11-15: 2 of 1, missed\"></span>"),
            "\(html)")
    }

    @Test func aNewLedgersCalendarIsItsQuarterNotAYear() {
        // Today's week starts Mon 16 Nov; 13 weeks back is Mon 24 Aug.
        let young = render([:])
        #expect(young.contains("<h3 id=\"activity-title\">Actions since Mon 24 Aug 2026</h3>"))
        #expect(young.contains("<p class=\"facts\">1 action on 1 day of the last 91</p>"))
        // A first action more than a year ago gives the whole year.
        let old = render(["log/2026.log": "2025-06-01 Run 5km +run\n2026-11-03 Run 5km +run\n"])
        #expect(old.contains("<h3 id=\"activity-title\">A year of actions</h3>"))
        #expect(old.contains("<p class=\"facts\">1 action on 1 day of the last 371</p>"))
    }

    @Test func aBusiestDayOnlyWhenOneStandsOut() {
        let first = CivilDate(year: 2026, month: 11, day: 2)!
        #expect(
            Page.activityWords(first: first, counts: [1, 0, 1], span: "of the last 3")
                == "2 actions on 2 days of the last 3")
        #expect(
            Page.activityWords(first: first, counts: [1, 2, 1], span: "of the last 3")
                == "4 actions on 3 days of the last 3; the busiest day was Tue 3 Nov 2026 with 2")
    }

    @Test func nextDueNeverCutsATie() {
        var goals: [String: String?] = ["goals/run.md": nil, "log/2026.log": "# none\n"]
        for (id, target) in [
            ("a", "2026-12-01"), ("b", "2026-12-02"), ("c", "2026-12-03"), ("d", "2026-12-03"),
            ("e", "2026-12-04"),
        ] {
            goals["goals/\(id).md"] = Self.goal("Goal \(id)", target: target)
        }
        let html = render(goals)
        let list = html.components(separatedBy: "Next due").dropFirst().first?.components(separatedBy: "</ul>").first
        let ids = (list ?? "").components(separatedBy: "<a href=\"#goal-").dropFirst().map { $0.prefix(1) }
        #expect(ids == ["a", "b", "c", "d"])
    }
}
