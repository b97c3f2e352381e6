import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

/// FORMAT.md §8 "Cadence", clause by clause, on hand-computed calendars.
/// November 2026: the 1st is a Sunday, the 2nd a Monday.
@Suite struct CadenceTests {
    func day(_ text: String) -> CivilDate { CivilDate.parse(text)! }

    /// The goal `run` with `frontMatter`, `log` and optional settings; the
    /// ledger must check clean (so every case is a valid ledger).
    func computed(
        _ frontMatter: String, log: String, today: String, settings: String = "htl: 1\n",
        body: String = "## Action plan\n- Run.\n"
    ) -> GoalProgress {
        let files = SampleLedger.with([
            "htl.yaml": settings,
            "goals/run.md": "---\ntitle: Run\n" + frontMatter + "values:\n  health: 8\n---\n" + body,
            "log/2026.log": log,
        ])
        let loaded = SampleLedger.load(files)
        let errors = Checker.check(loaded, today: day(today)).diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        return ProgressEngine.compute(loaded.ledger, today: day(today)).goal("run")!
    }

    func cadence(_ frontMatter: String, log: String, today: String, settings: String = "htl: 1\n") -> CadenceProgress {
        computed(frontMatter, log: log, today: today, settings: settings).cadences[0]
    }

    func runs(_ days: [String]) -> String {
        days.map { "2026-\($0) Run +run\n" }.joined()
    }

    /// Statuses of the periods up to today, then of those to come.
    func strip(_ c: CadenceProgress) -> String {
        (c.recent.map(\.status.rawValue) + c.upcoming.map(\.rawValue)).joined(separator: " ")
    }

    // MARK: Periods

    @Test func weeksStartOnMondayAndTheCurrentOneIsOpen() {
        let c = cadence(
            "start: 2026-11-02\ntarget: 2026-11-29\ncadence:\n  actions: 3/week\n",
            log: runs(["11-02", "11-04", "11-08", "11-10", "11-15", "11-16", "11-18", "11-20", "11-24"]),
            today: "2026-11-25")
        #expect(strip(c) == "met missed met open")
        #expect([c.met, c.missed, c.excused, c.future, c.periods] == [2, 1, 0, 0, 4])
        #expect(c.ratio?.description == "0.5")  // 2 met of 4 periods
        #expect(c.current?.days == DateRange(start: day("2026-11-23"), end: day("2026-11-29")))
        #expect(c.current?.amount.description == "1")
        #expect(c.current?.required.description == "3")
        #expect([c.streak, c.bestStreak] == [1, 1])
        #expect(c.actual.description == "9")
    }

    @Test func weeksStartOnSundayWhenTheLedgerSaysSo() {
        // Sunday weeks: 11-01..11-07 (clipped to 11-02..11-07: 6 of 7 days), 11-08..11-14, ...
        let c = cadence(
            "start: 2026-11-02\ntarget: 2026-11-21\ncadence:\n  actions: 3/week\n",
            log: runs(["11-02", "11-04", "11-08", "11-09", "11-10"]), today: "2026-11-12",
            settings: "htl: 1\nweek_start: sunday\n")
        #expect(c.recent.map(\.days.start) == [day("2026-11-02"), day("2026-11-08")])
        #expect(c.recent[0].required.description == "2.571429")  // 3 × 6/7 = 18/7
        #expect(strip(c) == "missed met future")  // 2 < 18/7; 11-08, 11-09, 11-10 = 3
        #expect(c.upcoming.count == 1)
    }

    @Test func aPartialFirstWeekNeedsAProRatedAmount() {
        // Starts on Thursday 11-05: the first week has 4 of 7 days, so it needs 3 × 4/7 = 12/7 ≈ 1.714286.
        let twoRuns = cadence(
            "start: 2026-11-05\ntarget: 2026-11-15\ncadence:\n  actions: 3/week\n",
            log: runs(["11-05", "11-08"]), today: "2026-11-10")
        #expect(twoRuns.recent[0].days == DateRange(start: day("2026-11-05"), end: day("2026-11-08")))
        #expect(twoRuns.recent[0].required.description == "1.714286")
        #expect(twoRuns.recent[0].status == .met)
        let oneRun = cadence(
            "start: 2026-11-05\ntarget: 2026-11-15\ncadence:\n  actions: 3/week\n",
            log: runs(["11-05"]), today: "2026-11-10")
        #expect(oneRun.recent[0].status == .missed)
    }

    @Test func aPartialLastWeekIsProRatedToo() {
        // Ends on Wednesday 11-18: the last week has 3 of 7 days, 3 × 3/7 = 9/7 ≈ 1.285714.
        let c = cadence(
            "start: 2026-11-09\ntarget: 2026-11-18\ncadence:\n  actions: 3/week\n",
            log: runs(["11-09", "11-10", "11-11", "11-16", "11-17"]), today: "2026-11-20")
        #expect(c.recent.last?.days == DateRange(start: day("2026-11-16"), end: day("2026-11-18")))
        #expect(c.recent.last?.required.description == "1.285714")
        #expect(strip(c) == "met met")
        #expect(c.current == nil)  // the window ended before today
    }

    @Test func daysArePeriodsAndTheStreakCountsBackFromADecidedToday() {
        let g = computed(
            "start: 2026-11-16\ntarget: 2026-11-22\ncadence:\n  actions: 1/day\n",
            log: runs(["11-16", "11-17", "11-19", "11-20", "11-21", "11-22"]), today: "2026-11-22")
        let c = g.cadences[0]
        #expect(strip(c) == "met met missed met met met met")
        #expect([c.met, c.missed, c.periods] == [6, 1, 7])
        #expect(c.ratio?.description == "0.857143")  // 6/7
        #expect([c.streak, c.bestStreak] == [4, 4])
    }

    @Test func monthsAreCalendarMonthsComparedExactly() {
        // Starts 10-15: October has 17 of its 31 days, so it needs 20 × 17/31 = 340/31 = 10.9677419...
        let front = "start: 2026-10-15\ntarget: 2026-12-31\ncadence:\n  km: 20/month\n"
        let enough = cadence(front, log: "2026-10-20 Run 11km +run\n2026-11-03 Run 15km +run\n", today: "2026-11-22")
        #expect(enough.recent.map(\.days.start) == [day("2026-10-15"), day("2026-11-01")])
        #expect(enough.recent[0].required.description == "10.967742")
        #expect(strip(enough) == "met open future")
        #expect(enough.ratio?.description == "0.333333")  // 1 met of 3 months
        // 10.967741 × 31 = 339.999971 < 340: not enough; 10.967742 × 31 = 340.000002: enough.
        #expect(
            cadence(front, log: "2026-10-20 Run 10.967741km +run\n", today: "2026-11-22").recent[0].status == .missed)
        #expect(cadence(front, log: "2026-10-20 Run 10.967742km +run\n", today: "2026-11-22").recent[0].status == .met)
    }

    @Test func theRequirementIsComparedExactlyNotAsShown() {
        // From Friday 11-06: 3 of 7 days, 3 × 3/7 = 9/7 = 1.2857142..., shown 1.285714.
        let front = "start: 2026-11-06\ntarget: 2026-11-08\ncadence:\n  km: 3/week\n"
        let shown = cadence(front, log: "2026-11-07 Run 1.285714km +run\n", today: "2026-11-20")
        #expect(shown.recent[0].required.description == "1.285714")
        #expect(shown.recent[0].status == .missed)  // 1.285714 × 7 = 8.999998 < 9
        #expect(cadence(front, log: "2026-11-07 Run 1.285715km +run\n", today: "2026-11-20").recent[0].status == .met)
    }

    // MARK: Breaks

    @Test func aWeekWhollyInABreakIsExcusedAndTheStreakRunsThroughIt() {
        let c = cadence(
            "start: 2026-11-02\ntarget: 2026-11-29\ncadence:\n  actions: 3/week\nbreaks: [2026-11-09..2026-11-15]\n",
            log: runs(["11-02", "11-04", "11-06", "11-16", "11-17", "11-18"]), today: "2026-11-23")
        #expect(strip(c) == "met excused met open")
        #expect([c.met, c.missed, c.excused, c.periods] == [2, 0, 1, 3])
        #expect(c.ratio?.description == "0.666667")
        #expect([c.streak, c.bestStreak] == [2, 2])
    }

    @Test func aWeekPartlyInABreakCountsItsOtherDaysAndBreakDayActions() {
        // Break 11-12..11-15: the week of 11-09 keeps 3 days and needs 3 × 3/7 = 9/7 ≈ 1.285714.
        let front =
            "start: 2026-11-09\ntarget: 2026-11-15\ncadence:\n  actions: 3/week\nbreaks: [2026-11-12..2026-11-15]\n"
        let one = cadence(front, log: runs(["11-10"]), today: "2026-11-20")
        #expect(one.recent[0].required.description == "1.285714")
        #expect(one.recent[0].status == .missed)
        // A run on a break day still counts toward its week.
        let two = cadence(front, log: runs(["11-10", "11-14"]), today: "2026-11-20")
        #expect(two.recent[0].status == .met)
    }

    @Test func overlappingBreaksAreNotCountedTwice() {
        // Two breaks covering 11-10..11-13 together: 3 counted days, 9/7 needed (not less).
        let c = cadence(
            "start: 2026-11-09\ntarget: 2026-11-15\ncadence:\n  actions: 3/week\nbreaks: [2026-11-10..2026-11-12, "
                + "2026-11-11..2026-11-13]\n",
            log: runs(["11-09"]), today: "2026-11-20")
        #expect(c.recent[0].required.description == "1.285714")
    }

    // MARK: At most

    @Test func atMostIsMetWhenClosedWithinTheLimitAndMissedAsSoonAsItIsExceeded() {
        let front = "start: 2026-11-02\ncadence:\n  actions: <=1/week\n"
        let log = runs(["11-03", "11-10", "11-12"])  // week 1: 1 (met); week 2: 2 (missed); week 3: 0 (met)
        let open = cadence(front, log: log + runs(["11-24"]), today: "2026-11-25")
        #expect(strip(open) == "met missed met open")
        #expect([open.met, open.missed, open.periods] == [2, 1, 3])  // open-ended: the open week is left out
        #expect(open.ratio?.description == "0.666667")
        #expect([open.streak, open.bestStreak] == [1, 1])
        let exceeded = computed(front, log: log + runs(["11-24", "11-25"]), today: "2026-11-25")
        #expect(strip(exceeded.cadences[0]) == "met missed met missed")
        #expect(exceeded.cadences[0].ratio?.description == "0.5")
        #expect(exceeded.cadences[0].streak == 0)
        #expect(exceeded.state == .behind)
    }

    @Test func atMostZeroMeansNever() {
        let c = cadence(
            "start: 2026-11-02\ntarget: 2026-11-15\ncadence:\n  actions: <=0/week\n", log: runs(["11-10"]),
            today: "2026-11-20")
        #expect(strip(c) == "met missed")
    }

    // MARK: Open-ended goals

    @Test func anOpenEndedGoalCountsTheClosedPeriodsAndADecidedCurrentOne() {
        let front = "start: 2026-11-02\ncadence:\n  actions: 2/week\n"
        let sunday = cadence(front, log: runs(["11-02", "11-03", "11-16", "11-22"]), today: "2026-11-22")
        #expect(strip(sunday) == "met missed met")
        #expect(sunday.periods == 3)
        #expect(sunday.ratio?.description == "0.666667")
        let monday = cadence(front, log: runs(["11-02", "11-03", "11-16", "11-22"]), today: "2026-11-23")
        #expect(strip(monday) == "met missed met open")
        #expect(monday.periods == 3)
        #expect(monday.current?.days.end == day("2026-11-29"))  // the window ends with the week holding today
    }

    @Test func anOpenEndedGoalHasNoRatioWhileItsFirstPeriodIsOpen() {
        let g = computed("start: 2026-11-16\ncadence:\n  actions: 3/week\n", log: runs(["11-16"]), today: "2026-11-18")
        #expect(g.cadences[0].ratio == nil)
        #expect(g.progress == nil)
        #expect(g.state == .onTrack)
    }

    @Test func anOpenEndedHabitIsNeverCompleteNorNearComplete() {
        let g = computed(
            "start: 2026-11-02\ncadence:\n  actions: 1/week\n",
            log: runs(["11-02", "11-09", "11-16"]), today: "2026-11-22")
        #expect(g.cadences[0].ratio == .one)
        #expect(g.progress == .one)
        #expect(g.state == .onTrack)
    }

    @Test func aDatedGoalCompletesWhenEveryPeriodIsMet() {
        let g = computed(
            "start: 2026-11-02\ntarget: 2026-11-15\ncadence:\n  actions: 1/week\n",
            log: runs(["11-02", "11-09"]), today: "2026-11-15")
        #expect(g.state == .completed)
    }

    // MARK: Amounts

    @Test func minutesCountTowardAnHoursCadence() {
        let front = "start: 2026-11-02\ntarget: 2026-11-08\ncadence:\n  hours: 2/week\n"
        let enough = cadence(
            front, log: "2026-11-03 Lesson 90min +run\n2026-11-05 Lesson 30min +run\n", today: "2026-11-20")
        #expect(enough.recent[0].amount.description == "2")
        #expect(enough.recent[0].status == .met)
        let short = cadence(
            front, log: "2026-11-03 Lesson 90min +run\n2026-11-05 Lesson 29min +run\n", today: "2026-11-20")
        #expect(short.recent[0].amount.description == "1.983333")
        #expect(short.recent[0].status == .missed)
    }

    @Test func actionsCountLinesWithoutQuantitiesButNotCorrections() {
        let g = computed(
            "start: 2026-11-02\ntarget: 2026-11-08\ntargets:\n  actions: 4\ntags: [running]\ncadence:\n  actions: "
                + "3/week\n",
            log:
                "2026-11-02 Stretching +run\n2026-11-03 Run 5km +run\n2026-11-04 Run 4km #running\n2026-11-05 Watch "
                + "over-counted -0.8km +run\n",
            today: "2026-11-20")
        #expect(g.cadences[0].recent[0].amount.description == "3")
        #expect(g.targets.map { "\($0.measure) \($0.actual)" } == ["actions 3"])
    }

    @Test func futureActionsDoNotCountYet() {
        let c = cadence(
            "start: 2026-11-16\ntarget: 2026-11-29\ncadence:\n  actions: 2/week\n",
            log: runs(["11-23", "11-25", "11-26"]), today: "2026-11-24")
        #expect(c.current?.amount.description == "1")
        #expect(c.current?.status == .open)
        #expect(c.actual.description == "1")
    }

    @Test func linkedActionsOutsideTheWindowAreInNoPeriod() {
        let c = cadence(
            "start: 2026-11-09\ntarget: 2026-11-15\ncadence:\n  actions: 1/week\n",
            log: runs(["11-03", "11-20"]), today: "2026-11-22")
        #expect(strip(c) == "missed")
        #expect(c.actual.description == "0")
    }

    // MARK: The window and states

    @Test func withoutAStartTheWindowOpensWithTheEarliestCommittedTerm() {
        // The sample's term 1 starts on 2026-11-02.
        let c = cadence(
            "term: 1\ntarget: 2026-11-15\ncadence:\n  actions: 1/week\n", log: runs(["11-03"]), today: "2026-11-22")
        #expect(c.windowStart == day("2026-11-02"))
        #expect(strip(c) == "met missed")
    }

    @Test func beforeTheWindowEveryPeriodIsToCome() {
        let g = computed(
            "start: 2026-12-07\ntarget: 2026-12-20\ncadence:\n  actions: 1/week\n", log: "", today: "2026-11-22")
        #expect(g.cadences[0].current == nil)
        #expect(g.cadences[0].upcoming == [.future, .future])
        #expect(g.state == .notStarted)
    }

    @Test func theLatestDecidedPeriodMissedMeansBehind() {
        let front = "start: 2026-11-02\ntarget: 2027-01-10\ncadence:\n  actions: 3/week\n"
        let log = runs(["11-02", "11-04", "11-06", "11-10"])  // week 1 met, week 2 missed
        #expect(computed(front, log: log, today: "2026-11-18").state == .behind)
        // Once the current week is kept, the rhythm is back: on track.
        #expect(computed(front, log: log + runs(["11-16", "11-17", "11-18"]), today: "2026-11-18").state == .onTrack)
    }

    @Test func aMissBeforeALongBreakStillCountsAsTheLatestDecidedPeriod() {
        // Daily from 11-01, runs on 11-01...11-09, the 10th missed, then a 51-day break:
        // far more periods than a strip shows, yet the latest decided one is still the miss.
        let front =
            "start: 2026-11-01\ntarget: 2027-01-31\ncadence:\n  actions: 1/day\nbreaks: [2026-11-11..2026-12-31]\n"
        let log = runs((1...9).map { "11-0\($0)" })
        for today in ["2026-11-20", "2026-12-10", "2026-12-31"] {
            let g = computed(front, log: log, today: today)
            #expect(g.cadences[0].latestDecided?.days.start == day("2026-11-10"), "\(today)")
            #expect(g.cadences[0].streak == 0)
            #expect(g.state == .behind, "\(today)")
        }
    }

    @Test func anOpenEndedWindowEndsByTheLastWritableDay() {
        let c = cadence("start: 9999-12-01\ncadence:\n  actions: 3/week\n", log: "", today: "9999-12-31")
        #expect(c.current?.days.end == day("9999-12-31"))
    }

    /// Cadences are targets: with them, a checklist no longer makes the
    /// progress (FORMAT.md §8). Ten weeks from 2026-09-14, one run a week
    /// kept for nine weeks, today 2026-11-12 (day 60 of 70): 9 of 10 periods
    /// met is 0.9, near complete, though one checklist item of four is
    /// done. A goal of rhythms only has no pace: its ratio is weeks kept.
    @Test func withCadencesAndAChecklistButNoTotalsProgressIsTheRhythms() {
        let g = computed(
            "start: 2026-09-14\ntarget: 2026-11-22\ncadence:\n  actions: 1/week\n",
            log: runs(["09-14", "09-21", "09-28", "10-05", "10-12", "10-19", "10-26", "11-02", "11-09", "11-12"]),
            today: "2026-11-12", body: "## Action plan\n- [x] One\n- [ ] Two\n- [ ] Three\n- [ ] Four\n")
        #expect(g.progress?.description == "0.9")
        #expect(g.rhythm?.status == .kept)
        #expect(g.state == .nearComplete)
        #expect(g.paceDays == nil && g.projectedFinish == nil)
    }

    @Test func aHabitWhosePeriodsWereAllMissedIsBehindNotNotStarted() {
        let g = computed(
            "start: 2026-11-02\ntarget: 2026-11-29\ncadence:\n  actions: 3/week\n", log: runs(["11-03"]),
            today: "2026-11-18")
        #expect(g.progress == .zero)
        #expect(g.state == .behind)
    }

    /// A positive correction (`#correction`) adds to the total but is no
    /// run: the week of 2026-11-16 with two runs and a watch's lost
    /// kilometre keeps 2 of its 3 runs, and 19 km of its 20 (FORMAT.md §6).
    @Test func aCorrectionAddsToTheTotalButKeepsNoPeriod() {
        let log = """
            2026-11-16 Run 9km +run
            2026-11-18 Run 10km +run
            2026-11-19 Watch lost the last km 1km +run #correction

            """
        let g = computed(
            "start: 2026-11-16\ntarget: 2026-11-29\ntargets:\n  km: 40\ncadence:\n  actions: 3/week\n  km: 20/week\n",
            log: log, today: "2026-11-23")
        #expect(g.targets.map { "\($0.measure) \($0.actual)" } == ["km 20"])
        #expect(
            g.cadences.map { "\($0.measure) \($0.recent[0].amount) \($0.recent[0].status)" } == [
                "actions 2 missed", "km 19 missed",
            ])
        #expect(g.actionCount == 2 && g.correctionCount == 1)
    }

    /// `correction` marks log lines; a goal may not count them by tag.
    @Test func aGoalMayNotListTheCorrectionTag() {
        let files = SampleLedger.with(["goals/run.md": "---\ntitle: Run\ntags: [running, correction]\n---\n"])
        let found = Checker.check(SampleLedger.load(files), today: day("2026-11-22")).diagnostics
            .filter { $0.location.path == "goals/run.md" && $0.rule == .invalidValue }
        #expect(
            found.map { "\($0.location.line):\($0.location.column) \($0.message)" }
                == ["3:17 'correction' is a reserved tag: it marks log lines that correct others"])
    }

    /// Revision 3: progress is the totals' share and the rhythm stands
    /// beside it. 60 of 100 km is 0.6 (revision 2 averaged in the weeks
    /// kept, 1 of 4, and said 0.425); today 2026-11-18, day 17 of 28, 0.6 is within
    /// the margin of 17/28, so the goal is on track and its rhythm is
    /// slipping, naming the week of 2026-11-09 with none of its 2 runs.
    @Test func aGoalsProgressIsItsTotalsShareItsRhythmBeside() {
        let g = computed(
            "start: 2026-11-02\ntarget: 2026-11-29\ntargets:\n  km: 100\ncadence:\n  actions: 2/week\n",
            log: "2026-11-02 Run 30km +run\n2026-11-03 Run 30km +run\n", today: "2026-11-18")
        #expect(g.progress?.description == "0.6")
        #expect(g.state == .onTrack)
        #expect(g.rhythm?.status == .slipping)
        #expect(
            g.rhythm?.missed.map { "\($0.period.days.start) \($0.period.amount)/\($0.period.required)" } == [
                "2026-11-09 0/2"
            ])
    }
}

/// Invariants of §8 over random cadences, breaks, logs and days, checked
/// against a brute-force count of the calendar.
@Suite struct CadencePropertyTests {
    @Test func periodsAddUpAndStreaksNeverExceedWhatWasMet() throws {
        var rng = SeededGenerator(seed: 8)
        let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        let base = CivilDate(year: 2026, month: 9, day: 1)!
        for round in 0..<300 {
            let start = base.adding(days: Int.random(in: 0...90, using: &rng))
            let target: CivilDate? =
                Bool.random(using: &rng) ? start.adding(days: Int.random(in: 0...120, using: &rng)) : nil
            let today = start.adding(days: Int.random(in: -20...150, using: &rng))
            let period = ["day", "week", "month"].randomElement(using: &rng)!
            let atMost = Int.random(in: 0..<4, using: &rng) == 0
            let amount = Int.random(in: atMost ? 0...5 : 1...5, using: &rng)
            let weekStart = Int.random(in: 0..<7, using: &rng)
            var front = "start: \(start)\n" + (target.map { "target: \($0)\n" } ?? "")
            front += "cadence:\n  actions: \(atMost ? "<=" : "")\(amount)/\(period)\n"
            var breaks: [(CivilDate, CivilDate)] = []
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let from = start.adding(days: Int.random(in: -10...120, using: &rng))
                breaks.append((from, from.adding(days: Int.random(in: 0...20, using: &rng))))
            }
            if !breaks.isEmpty {
                front += "breaks: [" + breaks.map { "\($0.0)..\($0.1)" }.joined(separator: ", ") + "]\n"
            }
            var log = ""
            var dates: [CivilDate] = []
            for _ in 0..<Int.random(in: 0...60, using: &rng) {
                let d = start.adding(days: Int.random(in: -5...160, using: &rng))
                dates.append(d)
                log += "\(d) Run +run\n"
            }
            let loaded = SampleLedger.load(
                SampleLedger.with([
                    "htl.yaml": "htl: 1\nweek_start: \(weekdays[weekStart])\n",
                    "goals/run.md": "---\ntitle: Run\n" + front + "---\n",
                    "log/2026.log": log,
                ]))
            let g = ProgressEngine.compute(loaded.ledger, today: today).goal("run")!
            let c = try #require(g.cadences.first, "round \(round)")

            // The window, and its periods counted by brute force: one key per calendar period.
            let end = target ?? lastDay(ofPeriodHolding: today, period, weekStart: weekStart)
            var keys: [Int] = []
            var day = start
            while day <= end {
                let k = key(day, period, weekStart: weekStart)
                if keys.last != k { keys.append(k) }
                day = day.adding(days: 1)
            }
            let open = c.current?.status == .open ? 1 : 0
            #expect(c.met + c.missed + open + c.future + c.excused == keys.count, "round \(round): \(front)")
            #expect(c.streak <= c.met && c.bestStreak <= c.met && c.streak <= c.bestStreak, "round \(round)")
            if let ratio = c.ratio { #expect(ratio >= .zero && ratio <= .one, "round \(round)") }
            // Every period shown holds exactly the runs dated in it, up to today.
            for p in c.recent {
                let runs = dates.filter { p.days.start <= $0 && $0 <= p.days.end && $0 <= today }.count
                #expect(p.amount == ExactDecimal(runs), "round \(round): \(p.days)")
            }
        }
    }

    /// A cadence in hours over minutes and hours, logged by link and by tag
    /// (an action can be both, and count once), in no order: each period's
    /// amount and the window's are each measure's sum, converted once.
    @Test func hoursFromMinutesAndHoursOfLinkedAndTaggedActions() throws {
        var rng = SeededGenerator(seed: 9)
        let start = CivilDate(year: 2026, month: 9, day: 7)!
        for round in 0..<150 {
            let target = start.adding(days: Int.random(in: 0...70, using: &rng))
            let today = start.adding(days: Int.random(in: -5...90, using: &rng))
            let period = ["day", "week", "month"].randomElement(using: &rng)!
            let front =
                "start: \(start)\ntarget: \(target)\ntags: [running]\ncadence:\n  hours: "
                + "\(Int.random(in: 1...4, using: &rng))/\(period)\n"
            var log = ""
            var logged: [(day: CivilDate, minutes: Int, halfHours: Int)] = []
            for _ in 0..<Int.random(in: 0...40, using: &rng) {
                let d = start.adding(days: Int.random(in: -5...80, using: &rng))
                let (minutes, halfHours) = (
                    Int.random(in: 0...3, using: &rng) == 0 ? 0 : Int.random(in: 1...95, using: &rng),
                    Int.random(in: 0...2, using: &rng) == 0 ? Int.random(in: 1...4, using: &rng) : 0
                )
                let source = ["+run", "#running", "+run #running"].randomElement(using: &rng)!
                log +=
                    "\(d) Practice" + (minutes > 0 ? " \(minutes)min" : "")
                    + (halfHours > 0 ? " \(halfHours * 5 / 10).\(halfHours * 5 % 10)hours" : "")
                    + " \(source)\n"
                logged.append((d, minutes, halfHours))
            }
            let loaded = SampleLedger.load(
                SampleLedger.with([
                    "goals/run.md": "---\ntitle: Run\n" + front + "---\n",
                    "log/2026.log": log,
                ]))
            let c = try #require(
                ProgressEngine.compute(loaded.ledger, today: today).goal("run")?.cadences.first, "round \(round)")
            func amount(from first: CivilDate, to last: CivilDate) -> ExactDecimal {
                let inside = logged.filter { first <= $0.day && $0.day <= last && $0.day <= today }
                let minutes = ExactDecimal(inside.reduce(0) { $0 + $1.minutes })
                let hours = ExactDecimal(inside.reduce(0) { $0 + $1.halfHours * 5 }).divided(by: 10)!
                return minutes.divided(by: 60)! + hours
            }
            for p in c.recent {
                #expect(p.amount == amount(from: p.days.start, to: p.days.end), "round \(round): \(p.days)\n\(log)")
            }
            #expect(c.actual == amount(from: start, to: target), "round \(round)\n\(log)")
        }
    }

    func key(_ date: CivilDate, _ period: String, weekStart: Int) -> Int {
        switch period {
        case "day": return date.dayNumber
        case "week":
            // 1970-01-01 was a Thursday; weeks starting on ISO day weekStart + 1.
            let shifted = date.dayNumber + 3 - weekStart
            return shifted >= 0 ? shifted / 7 : (shifted - 6) / 7
        default:
            return date.parts.year * 12 + date.parts.month
        }
    }

    func lastDay(ofPeriodHolding date: CivilDate, _ period: String, weekStart: Int) -> CivilDate {
        var day = date
        while key(day.adding(days: 1), period, weekStart: weekStart) == key(date, period, weekStart: weekStart) {
            day = day.adding(days: 1)
        }
        return day
    }
}
