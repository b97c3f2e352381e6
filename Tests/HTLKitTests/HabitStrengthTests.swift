import HTLKit
import HTLTestSupport
import Testing

/// A cadence's strength (FORMAT.md §8), computed by hand: k = 0.5 ^ (D ×
/// √(1/7) / 13) for a week of D counted days, score ← score × k + checked × (1 − k).
@Suite struct HabitStrengthTests {
    let cadenceTests = CadenceTests()

    /// Twelve weeks of `km: 10/week` from Wednesday 2 September: a first
    /// week of 5 days, a break of a whole week (frozen) and one of 3 days
    /// (a week of 4), partial credit for short weeks, and the open current
    /// week left out.
    ///
    ///     week      D  km    checked  k         score
    ///     09-02     5  8     1        0.904147  0.095853   (needs 10×5/7 = 7.14)
    ///     09-07     7  10    1        0.868430  0.214812
    ///     09-14     7  5     0.5      0.868430  0.252334
    ///     09-21     –  break                     0.252334
    ///     09-28     7  12    1        0.868430  0.350705
    ///     10-05     7  0     0        0.868430  0.304563
    ///     10-12     4  6     1        0.922553  0.358422   (needs 10×4/7 = 5.71)
    ///     10-19     7  10    1        0.868430  0.442835
    ///     10-26     7  2.5   0.25     0.868430  0.417464
    ///     11-02     7  10    1        0.868430  0.494108
    ///     11-09     7  10    1        0.868430  0.560669
    ///     11-16     open (4 of 10 so far)        0.560669
    @Test func aDozenWeeksWithABreakAndAPartialWeek() {
        let log = [
            ("09-03", "8"), ("09-08", "10"), ("09-15", "5"), ("09-29", "12"), ("10-16", "6"), ("10-20", "10"),
            ("10-27", "2.5"), ("11-03", "10"), ("11-10", "10"), ("11-17", "4"),
        ].map { "2026-\($0.0) Run \($0.1)km +run\n" }.joined()
        let c = cadenceTests.cadence(
            "start: 2026-09-02\ntarget: 2026-12-31\ncadence:\n  km: 10/week\nbreaks: [2026-09-21..2026-09-27, "
                + "2026-10-12..2026-10-14]\n",
            log: log, today: "2026-11-22")
        #expect([c.met, c.missed, c.excused] == [7, 3, 1])
        #expect(c.strength?.description == "0.5607")
        // A goal of rhythms only is judged by them: on track while kept, and no pace (FORMAT.md §8).
        let goal = cadenceTests.computed(
            "start: 2026-09-02\ntarget: 2026-12-31\ncadence:\n  km: 10/week\nbreaks: [2026-09-21..2026-09-27, "
                + "2026-10-12..2026-10-14]\n",
            log: log, today: "2026-11-22")
        #expect(goal.state == .onTrack && goal.rhythm?.status == .kept)
        #expect(goal.paceDays == nil && goal.projectedFinish == nil)
        let before = cadenceTests.cadence(
            "start: 2026-09-02\ntarget: 2026-12-31\ncadence:\n  km: 10/week\n", log: "", today: "2026-09-04")
        #expect(before.strength == nil)  // nothing decided yet
    }

    /// An at-most week over its limit counts 0, a kept one 1; a month's k uses its own days.
    @Test func atMostAndMonthlyRhythms() {
        let takeaways = cadenceTests.cadence(
            "start: 2026-11-02\ncadence:\n  actions: <=1/week\n",
            log: "2026-11-03 Pizza +run\n2026-11-04 Curry +run\n2026-11-10 Soup +run\n", today: "2026-11-22")
        // Week 1 over (0), week 2 kept (1), k = 0.868430: 0 → 0 → 0.131570. Week 3 is open until it ends.
        #expect(takeaways.strength?.description == "0.1316")
        let monthly = cadenceTests.cadence(
            "start: 2026-09-01\ntarget: 2026-12-31\ncadence:\n  actions: 2/month\n",
            log: "2026-09-03 Run +run\n2026-09-20 Run +run\n2026-10-05 Run +run\n", today: "2026-11-22")
        // September (30 days) kept: k = 0.5^(30 × √(1/30) / 13) = 0.5^0.421325 = 0.746738 → 0.253262.
        // October (31 days) half: k = 0.5^(31 × √(1/31) / 13) = 0.5^0.428290 = 0.743142
        //   → 0.253262 × 0.743142 + 0.5 × 0.256858 = 0.316638. November is open.
        #expect(monthly.strength?.description == "0.3166")
    }
}
