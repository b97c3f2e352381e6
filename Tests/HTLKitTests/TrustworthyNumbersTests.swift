import HTLKit
import HTLTestSupport
import Testing

/// Numbers a person can trust (FORMAT.md §7, §9, revision 2): each test is
/// a case where an earlier htl said something misleading, computed by hand.
@Suite struct TrustworthyNumbersTests {
    let today = SampleLedger.today  // 2026-11-22, day 21 of run's 70 (2026-11-02 → 2027-01-10)

    func load(_ changes: [String: String?]) -> (ParsedLedger, ProgressReport) {
        let parsed = SampleLedger.load(SampleLedger.with(changes))
        return (parsed, ProgressEngine.compute(parsed.ledger, today: today))
    }

    func goal(_ id: String, _ frontMatter: String) -> (String, String?) {
        ("goals/\(id).md", "---\ntitle: \(id)\n" + frontMatter + "---\n## Action plan\n- Go.\n")
    }

    /// Amounts on both sides of 64 bits of millionths and the largest htl
    /// reads: each amount, its token as written and the total are exact.
    @Test func amountsPast64BitsOfMillionthsStayExact() {
        let amounts = [
            "9223372036854.775807", "9223372036854.775808", "-9223372036854.775808", "-9223372036854.775809",
            "999999999999999.999999", "5.80", "0.000001",
        ]
        let (parsed, r) = load(["log/2026.log": amounts.map { "2026-11-20 Run \($0)km +run\n" }.joined()])
        let quantities = parsed.ledger.actions.map { $0.quantities[0] }
        #expect(quantities.map { $0.written(in: parsed.ledger.measures) } == amounts.map { $0 + "km" })
        #expect(
            quantities.map(\.amount.description) == [
                "9223372036854.775807", "9223372036854.775808", "-9223372036854.775808",
                "-9223372036854.775809", "999999999999999.999999", "5.8", "0.000001",
            ])
        // -0.000002 from the first four, then 999999999999999.999999 + 5.8 + 0.000001.
        #expect(r.goal("run")?.targets[0].actual.description == "1000000000000005.799998")
    }

    @Test func aFutureActionIsListedButCountsOnlyOnItsDay() {
        let log = "2026-11-03 Run 5km +run\n2026-11-29 Race 10km +run\n"
        let (parsed, r) = load(["log/2026.log": log])
        let g = r.goal("run")!
        #expect(g.targets[0].actual.description == "5")
        #expect(g.actionIndices == [0])
        #expect(g.upcomingActionIndices == [1])
        // Listed (under "Later"), with the goal it will count toward.
        let listed = ActionFilter(goal: "run").apply(parsed.ledger, r)
        #expect(listed == [1, 0])
        #expect(
            ActionsText.render(listed, ledger: parsed.ledger, report: r).hasPrefix(
                "Later\n  2026-11-29        Race  10km  +run\n"))
        // On its day it counts.
        let then = ProgressEngine.compute(parsed.ledger, today: CivilDate(year: 2026, month: 11, day: 29)!)
        #expect(then.goal("run")?.targets[0].actual.description == "15")
    }

    /// 76 % on day 69 of 70: behind, not near complete (revision 1 said near complete).
    @Test func behindIsTestedBeforeNearComplete() {
        let (_, r) = load([
            "goals/run.md": goal("run", "start: 2026-09-15\ntarget: 2026-11-23\ntargets:\n  km: 100\n").1,
            "log/2026.log": "2026-09-20 Run 76km +run\n",
        ])
        let g = r.goal("run")!
        #expect(g.progress?.description == "0.76")
        #expect(g.elapsed?.description == "0.985714")  // 69 / 70
        #expect(g.state == .behind)
        #expect(g.paceDays == -16)  // round((0.76 − 69/70) × 70) = round(−15.8)
    }

    /// On track but below the ideal line: said to be within the margin, never "behind".
    @Test func paceNeverContradictsTheState() {
        let (parsed, r) = load(["log/2026.log": "2026-11-03 Run 26km +run\n"])
        let g = r.goal("run")!
        #expect(g.state == .onTrack)  // 0.26 + 0.1 ≥ 21/70 = 0.3
        #expect(g.paceDays == -3)  // round((0.26 − 0.3) × 70) = round(−2.8)
        let text = ProgressText.render(g, ledger: parsed.ledger, report: r)
        #expect(text.contains("\nPace  3 days under the ideal line, within the margin · projected finish 2027-01-21\n"))
        #expect(!text.contains("behind"))
        let html = HTMLReport.render(ledger: parsed.ledger, report: r)
        #expect(html.contains("3 days under the ideal line, within the margin"))
        #expect(!html.contains("behind pace"))
    }

    /// Pace days are rounded, not floored: 0.267 × 70 − 21 = −2.31 is −2.
    @Test func paceDaysAreRounded() {
        let (_, r) = load(["log/2026.log": "2026-11-03 Run 26.7km +run\n"])
        #expect(r.goal("run")?.paceDays == -2)
        let (_, half) = load(["log/2026.log": "2026-11-03 Run 25km +run\n"])
        #expect(half.goal("run")?.paceDays == -4)  // 17.5 − 21 = −3.5, half to even
    }

    @Test func noProgressNoPace() {
        let (_, r) = load(["log/2026.log": "# nothing yet\n"])
        let g = r.goal("run")!
        #expect(g.state == .notStarted)
        #expect(g.paceDays == nil)
        #expect(g.projectedFinish == nil)
    }

    @Test func droppedGoalsStayOutOfTheirTerm() {
        let dropped = goal(
            "old", "start: 2026-11-02\ntarget: 2027-01-10\nterm: 1\nstatus: dropped\ntargets:\n  km: 10\n")
        let (parsed, r) = load([
            dropped.0: dropped.1, "log/2026.log": "2026-11-03 Run 25km +run\n2026-11-03 Walk 9km +old\n",
        ])
        let term = r.terms[0]
        #expect(term.goals == ["run"])
        #expect(term.droppedGoals == ["old"])
        #expect(term.meanProgress?.description == "0.25")  // run alone; old (90 %) left out
        let text = TermsText.render(r)
        #expect(text.contains("· 1 goal · mean progress 25%\n"))
        #expect(text.contains("\n  dropped: old\n"))
        #expect(parsed.ledger.goals.count == 2)
    }

    /// The points are the difference of the percents shown: 0% → 14% is +14, not +15.
    @Test func diffPointsAddUp() {
        let before = SampleLedger.load(SampleLedger.with(["log/2026.log": "# none\n"]))
        let after = SampleLedger.load(SampleLedger.with(["log/2026.log": "# none\n2026-11-03 Run 14.6km +run\n"]))
        let diff = ProgressDiff(
            from: (ProgressEngine.compute(before.ledger, today: today), before.canonicalActionLines()),
            to: (ProgressEngine.compute(after.ledger, today: today), after.canonicalActionLines()))
        let text = DiffText.render(diff, from: "HEAD", to: "the working tree")
        #expect(text.contains("0% → 14%  +14 pts\n"))
    }

    /// Same state and target date: urgency, then importance, then progress.
    @Test func attentionOrderUsesUrgencyThenImportance() {
        let common = "start: 2026-11-02\ntarget: 2027-01-10\ntargets:\n  km: 100\n"
        let (_, r) = load([
            "goals/run.md": nil,
            goal("a-calm", "urgency: 3\n" + common).0: goal("a-calm", "urgency: 3\n" + common).1,
            goal("b-urgent", "urgency: 9\n" + common).0: goal("b-urgent", "urgency: 9\n" + common).1,
            goal("c-important", "importance: 10\nurgency: 3\n" + common).0: goal(
                "c-important", "importance: 10\nurgency: 3\n" + common
            ).1,
            "log/2026.log": "2026-11-03 Run 30km +a-calm +b-urgent +c-important\n",
        ])
        #expect(r.attentionOrdered.map(\.id) == ["b-urgent", "c-important", "a-calm"])
    }

    /// Only importance 9 or 10 on a goal still in play is marked, in words.
    @Test func onlyImportanceThatStandsOutIsMarked() {
        let (parsed, r) = load([
            goal("nine", "importance: 9\n").0: goal("nine", "importance: 9\n").1,
            goal("ten-dropped", "importance: 10\nstatus: dropped\n").0: goal(
                "ten-dropped", "importance: 10\nstatus: dropped\n"
            ).1,
        ])
        #expect(r.goals.map { "\($0.id) \($0.standsOut)" } == ["nine true", "run false", "ten-dropped false"])
        let html = HTMLReport.render(ledger: parsed.ledger, report: r)
        #expect(html.components(separatedBy: "class=\"pill badge tone-").count == 2)
        #expect(html.contains("title=\"importance 9 of 10 (the default is 8)\">importance 9</span>"))
        #expect(!html.contains("HIGH"))
    }

    /// A goal has one colour, its state's: not started and dropped differ.
    @Test func oneColourPerGoal() {
        #expect(
            GoalState.allCases.map(\.hue.rawValue)
                == [
                    "overdue red", "behind orange", "not_started gray", "on_track green", "near_complete green",
                    "completed blue", "dropped purple",
                ]
                .map { String($0.split(separator: " ")[1]) })
        #expect(
            GoalState.allCases.map(\.rawValue) == [
                "overdue", "behind", "not_started", "on_track", "near_complete", "completed", "dropped",
            ])
        // On track at 5 %: green everywhere, never a red bar beside it.
        let (_, r) = load(["log/2026.log": "2026-11-21 Run 25km +run\n"])
        let status = StatusText.render(
            r, ledger: SampleLedger.load(SampleLedger.files).ledger, term: r.currentTerm,
            goals: r.attentionOrdered, width: 80, style: TerminalStyle(enabled: true))
        #expect(status.contains("\u{1B}[32m"))
        #expect(!status.contains("\u{1B}[31m"))
    }

    @Test func aTagCountedActionShowsHowItCounts() {
        let (parsed, r) = load(["log/2026.log": "2026-11-03 Pool 5km #running\n2026-11-04 Road 6km +run #running\n"])
        let text = ActionsText.render([1, 0], ledger: parsed.ledger, report: r)
        #expect(text.contains("Road  6km  +run #running\n"))
        #expect(text.contains("Pool  5km  #running → run\n"))
    }

    @Test func anUpcomingTermSaysWhenItStarts() {
        let (_, r) = load(["terms/term-2.md": "---\nnumber: 2\nstart: 2027-01-11\n---\n"])
        let text = TermsText.render(r)
        #expect(text.contains("starts in 50 days · 10 weeks"))
        #expect(!text.contains("upcoming"))
    }

    // MARK: Settings

    @Test func aNightOwlsTodayIsStillYesterday() throws {
        let settings = "htl: 1\nday_starts_at: \"04:00\"\nweek_start: sunday\n"
        let parsed = SampleLedger.load(SampleLedger.with(["htl.yaml": settings]))
        #expect(parsed.findings.isEmpty)
        let s = parsed.ledger.settings
        let night = Now.clock(date: CivilDate(year: 2026, month: 11, day: 23)!, time: ClockTime(hour: 0, minute: 10)!)
        let morning = Now.clock(date: CivilDate(year: 2026, month: 11, day: 23)!, time: ClockTime(hour: 4, minute: 0)!)
        #expect(s.today(at: night).description == "2026-11-22")
        #expect(s.today(at: morning).description == "2026-11-23")
        #expect(s.today(at: .day(CivilDate(year: 2026, month: 11, day: 23)!)).description == "2026-11-23")
        #expect(Settings().today(at: night).description == "2026-11-23")
        // week_start moves "This week": Sunday 2026-11-22 starts it.
        #expect(
            ActionsText.group(
                of: CivilDate(year: 2026, month: 11, day: 22)!, today: CivilDate(year: 2026, month: 11, day: 24)!,
                weekStart: s.weekStart) == .thisWeek)
        #expect(
            ActionsText.group(
                of: CivilDate(year: 2026, month: 11, day: 21)!, today: CivilDate(year: 2026, month: 11, day: 24)!,
                weekStart: s.weekStart) == .lastWeek)
    }

    @Test func badDayStartAndWeekStartAreFindings() {
        let parsed = SampleLedger.load(
            SampleLedger.with(["htl.yaml": "htl: 1\nday_starts_at: \"25:00\"\nweek_start: someday\n"]))
        #expect(
            parsed.findings.map(\.message) == [
                "day_starts_at must be a time of day written HH:MM (24-hour), found '25:00'",
                "week_start must be one of monday, tuesday, wednesday, thursday, friday, saturday, sunday, found "
                    + "someday",
            ])
    }

    // MARK: Messages

    @Test func impossibleDatesSayWhy() {
        #expect(CivilDate.whyNotReal("2026-11-31") == "November 2026 has 30 days")
        #expect(CivilDate.whyNotReal("2027-02-29") == "February 2027 has 28 days")
        #expect(CivilDate.whyNotReal("2026-13-01") == "there is no month 13")
        #expect(CivilDate.whyNotReal("2026-11-30") == nil)
        #expect(CivilDate.whyNotReal("tomorrow") == nil)
    }

    @Test func suggestionsPreferTheSameLettersAndLength() {
        #expect(Suggestion.closest(to: "targest", in: ["target", "targets", "tags"]) == "targets")
        #expect(Suggestion.closest(to: "targt", in: ["target", "targets"]) == "target")
        // A unit cut short goes on to the one it starts (a new ledger has both km and h).
        #expect(Suggestion.closest(to: "k", in: ["km", "min", "hours", "h", "hr", "sessions"]) == "km")
        #expect(Suggestion.closest(to: "unknwn-unit", in: RuleID.allCases.map(\.rawValue)) == "unknown-unit")
    }

    @Test func aGoalIsNamedByItsIdOrAUniquePrefix() {
        let ids = ["learn-spanish", "run-100km", "run-autumn-10k", "read-4-books"]
        #expect(GoalLookup("run-100km", in: ids) == .found("run-100km"))
        #expect(GoalLookup("run-1", in: ids) == .found("run-100km"))
        #expect(GoalLookup("Learn", in: ids) == .found("learn-spanish"))
        #expect(GoalLookup("run", in: ids) == .ambiguous(["run-100km", "run-autumn-10k"]))
        #expect(GoalLookup("spanish", in: ids) == .missing(suggestions: ["learn-spanish"]))
        #expect(GoalLookup("rnu-100km", in: ids) == .missing(suggestions: ["run-100km"]))
        #expect(GoalLookup("guitar", in: ids).message(for: "guitar") == "no goal 'guitar' (htl status lists them)")
        #expect(
            GoalLookup("run", in: ids).message(for: "run")
                == "'run' starts several goal ids: 'run-100km', 'run-autumn-10k'; type more of it")
    }
}
