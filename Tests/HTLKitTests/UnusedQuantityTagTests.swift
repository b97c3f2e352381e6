import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

/// unused-quantity through tags: the goals sharing a tag count a line only
/// inside their windows, each with its own measures (the rule sweeps each
/// tag's windows in date order, so this is where an off-by-one would show).
@Suite struct UnusedQuantityTagTests {
    func goal(_ id: String, _ window: String, _ target: String) -> String {
        "---\ntitle: \(id)\n\(window)\ntargets:\n  \(target)\nvalues:\n  health: 8\ntags: [fit]\n---\n## Action "
            + "plan\n- Go.\n"
    }

    func warnings(_ log: String) -> [String] {
        let files = SampleLedger.with([
            // Swimming (minutes) in November, running (km) in December, pages open-ended from 2026-12-20.
            "goals/swim.md": goal("swim", "start: 2026-11-02\ntarget: 2026-11-30", "hours: 10"),
            "goals/run.md": goal("run", "start: 2026-12-01\ntarget: 2026-12-31", "km: 50"),
            "goals/read.md": goal("read", "start: 2026-12-20", "pages: 300"),
            "measures.yaml": SyntheticLedger.basicMeasures + "pages:\n  type: count\n",
            "log/2026.log": log,
        ])
        return SampleLedger.check(files, today: CivilDate(year: 2027, month: 1, day: 31)!).diagnostics
            .filter { $0.rule == .unusedQuantity }.map { "\($0.location.line): \($0.message)" }
    }

    /// The rules read an action's first link, quantity and tag from facts
    /// kept per action, and the action itself only for the others: a second
    /// link, quantity or tag counts exactly like a first one.
    @Test func secondLinksQuantitiesAndTagsCountLikeFirstOnes() {
        let log = """
            2026-11-10 Swim 30min #other #fit
            2026-11-11 Run 5km #other #fit
            2026-11-12 Both 5km 30min #fit
            2026-12-05 Run 30min +run +swim
            2026-12-06 Run 30min +run +nosuch

            """
        let files = SampleLedger.with([
            "goals/swim.md": goal("swim", "start: 2026-11-02\ntarget: 2026-11-30", "hours: 10"),
            "goals/run.md": goal("run", "start: 2026-12-01\ntarget: 2026-12-31", "km: 50"),
            "measures.yaml": SyntheticLedger.basicMeasures,
            "log/2026.log": log,
        ])
        let found = SampleLedger.check(files, today: CivilDate(year: 2027, month: 1, day: 31)!).diagnostics
            .filter { [.unusedQuantity, .unknownGoal, .linkOutsideWindow].contains($0.rule) }
            .map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" }
        #expect(
            found == [
                // Line 1: the second tag's goal (swim, hours) uses 30min. Line 2: it does not use 5km.
                "2:16 unused-quantity",
                // Line 3: the second quantity is used. Line 4: the second link's goal (swim) uses 30min, outside its window.
                "4:27 link-outside-window",
                // Line 5: the second link is no goal; the first (run, km) does not use 30min.
                "5:16 unused-quantity",
                "5:27 unknown-goal",
            ])
    }

    @Test func eachDateMeetsTheGoalsWhoseWindowsHoldIt() {
        let log = """
            2026-11-01 Swim 30min #fit
            2026-11-02 Swim 30min #fit
            2026-11-30 Run 5km #fit
            2026-12-01 Run 5km #fit
            2026-12-01 Swim 30min #fit
            2026-12-20 Read 20pages #fit
            2026-12-31 Swim 30min #fit
            2027-01-01 Read 20pages #fit
            2027-01-01 Run 5km #fit

            """
        #expect(
            warnings(log) == [
                // Before every window: no goal counts it, so nothing is said.
                "3: 5km counts toward no target of swim (they count hours), so the action adds nothing",
                "5: 30min counts toward no target of run (they count km), so the action adds nothing",
                "7: 30min counts toward no target of read, run (they count pages, km), so the action adds nothing",
                "9: 5km counts toward no target of read (they count pages), so the action adds nothing",
            ])
    }
}
