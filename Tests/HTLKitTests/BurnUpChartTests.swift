import HTLTestSupport
import Testing

@testable import HTLCore
@testable import HTLModel
@testable import HTLProgress
@testable import HTLRender

/// Burn-up series and chart geometry against hand-computed numbers.
@Suite struct BurnUpChartTests {
    static let files = SampleLedger.with([
        "goals/sprint.md": """
        ---
        title: Sprint block
        start: 2026-11-01
        target: 2026-11-10
        targets:
          km: 100
          hours: 2
        ---
        ## Action plan
        - Run.

        """,
        "log/2026.log": """
        2026-11-02 Run 30km +sprint
        2026-11-03 Swim 90min +sprint
        2026-11-04 Run 10km +sprint
        2026-11-04 Run 10km +sprint
        2026-11-05 Fix -5km +sprint
        2026-11-08 Run 20km +sprint

        """,
    ])

    static func series(today: CivilDate) -> [BurnUp] {
        let ledger = SampleLedger.load(files).ledger
        let report = ProgressEngine.compute(ledger, today: today)
        return BurnUp.series(report.goal("sprint")!, ledger: ledger, today: today)
    }

    static func day(_ d: Int) -> CivilDate { CivilDate(year: 2026, month: 11, day: d)! }

    @Test func runningTotalsPerDayEndAtTheTargetsActual() throws {
        let today = Self.day(6)
        let ledger = SampleLedger.load(Self.files).ledger
        let goal = try #require(ProgressEngine.compute(ledger, today: today).goal("sprint"))
        let series = BurnUp.series(goal, ledger: ledger, today: today)
        #expect(series.count == 2)
        // Two lines on the 4th make one step; the correction steps down; the 8th is still to come.
        #expect(
            series[0].points == [
                .init(date: Self.day(2), total: ExactDecimal(30)), .init(date: Self.day(4), total: ExactDecimal(50)),
                .init(date: Self.day(5), total: ExactDecimal(45)),
            ])
        #expect(series[0].total == goal.targets[0].actual)
        // 90 min counts toward hours, converted: 1.5.
        #expect(series[1].points == [.init(date: Self.day(3), total: ExactDecimal(millionths: 1_500_000))])
        #expect(series[1].total == goal.targets[1].actual)
        // 45 % with 6 of 10 days gone: round(4.5 − 6) = −2 (half to even); 8 more days at 7.5 km a day.
        #expect(series[0].paceDays == -2)
        #expect(series[0].projectedFinish == Self.day(14))
        #expect(
            Page.burnUpWords(series[0], MeasureCatalog())
                == "45 of 100 km, 2 days behind the even-pace line, projected Sat 14 Nov 2026")
    }

    @Test func chartGeometryIsTheHandComputedPath() {
        // Ten days across 308 units from x = 6: 30.8 a day. 94 units high from y = 112: 0.94 per km.
        let chart = BurnUpChart(Self.series(today: Self.day(6))[0])
        #expect(BurnUpChart.path(chart.actualPoints) == "M6 112 H67.6 V83.8 H129.2 V65 H160 V69.7 H190.8")
        #expect(BurnUpChart.path(chart.idealPoints!) == "M6 112 L314 18")
        // The even pace at the end of the 6th: 60 km (y 55.6).
        #expect(
            BurnUpChart.path(chart.gapPoints!, closed: true)
                == "M6 112 H67.6 V83.8 H129.2 V65 H160 V69.7 H190.8 V55.6 L6 112 Z")
        // The projected finish (the 14th) is past the chart's last day: not drawn.
        #expect(chart.projectionPoints == nil)
        #expect(chart.ideal(on: Self.day(6)) == ExactDecimal(60))
        #expect(chart.ideal(on: Self.day(10)) == ExactDecimal(100))
        #expect(chart.ideal(on: CivilDate(year: 2026, month: 10, day: 31)!) == nil)
    }

    @Test func pastTheTargetDateTheLineStaysAtTheTarget() {
        // Today the 12th: twelve days across, 308 × 10 / 12 = 256.6 to the end of the 10th.
        let chart = BurnUpChart(Self.series(today: Self.day(12))[0])
        #expect(chart.lastDay == Self.day(12))
        #expect(BurnUpChart.path(chart.idealPoints!) == "M6 112 L262.6 18 H314")
        // The 8th's 20 km now counts: 65 km.
        #expect(chart.series.total == ExactDecimal(65))
        #expect(BurnUpChart.path(chart.gapPoints!, closed: true).hasSuffix("H314 V18 H262.6 L6 112 Z"))
    }

    @Test func activityCalendarCountsActionsPerDayWithoutCorrections() {
        let ledger = SampleLedger.load(Self.files).ledger
        // The 4th has two lines; the 5th only a correction; the 8th is after the last day.
        let counts = Page.dailyCounts(ledger.actions, first: Self.day(2), last: Self.day(6))
        #expect(counts == [1, 1, 2, 0, 0])
        #expect(
            Page.activityWords(first: Self.day(2), counts: counts, span: "of the last 5")
                == "4 actions on 3 days of the last 5; the busiest day was Wed 4 Nov 2026 with 2")
        #expect([0, 1, 2, 3, 4, 5, 9].map(Page.activityLevel) == [0, 1, 2, 3, 3, 4, 4])
        // The goal's own calendar, from Monday 26 October (the week of its start).
        let html = HTMLReport.render(ledger: ledger, report: ProgressEngine.compute(ledger, today: Self.day(6)))
        #expect(
            html.contains(
                "<title>Actions toward Sprint block: 4 actions on 3 days of 12 in its window; the busiest day was Wed "
                    + "4 Nov 2026 with 2</title>"
            ))
        // The second week's column (x = 36 + 12): Monday 2nd (y 12), Tuesday 3rd (24); Wednesday 4th at level 2 (y 36).
        #expect(html.contains("<path class=\"day level-1\" d=\"M48 12h10v10h-10zM48 24h10v10h-10z\"/>"))
        #expect(html.contains("<path class=\"day level-2\" d=\"M48 36h10v10h-10z\"/>"))
    }

    static func single(_ goal: String, log: String, today: CivilDate) throws -> BurnUp {
        let ledger = SampleLedger.load(
            SampleLedger.with(["goals/g.md": goal + "## Action plan\n- Go.\n", "log/2026.log": log])
        ).ledger
        let g = try #require(ProgressEngine.compute(ledger, today: today).goal("g"))
        return try #require(BurnUp.series(g, ledger: ledger, today: today).first)
    }

    @Test func pastTheTargetTheScaleTopsAtTheTotal() throws {
        let s = try Self.single(
            "---\ntitle: G\nstart: 2026-11-01\ntarget: 2026-12-31\ntargets:\n  km: 10\n---\n",
            log: "2026-11-02 Run 8km +g\n2026-11-10 Run 9km +g\n", today: Self.day(22))
        let chart = BurnUpChart(s)
        #expect(chart.high == ExactDecimal(17))
        // The total is at the top, the target lower down (10 of 17 of 94 units above y 112).
        #expect(chart.y(ExactDecimal(17)) == 180)
        #expect(chart.y(ExactDecimal(10)) == 568)
        #expect(BurnUpText.render(s, indent: 0, width: 80, hue: .green, style: .plain).hasPrefix("17 ┤"))
    }

    @Test func withoutAStartThereIsNoEvenPaceLine() throws {
        let s = try Self.single(
            "---\ntitle: G\ntarget: 2026-12-31\ntargets:\n  km: 100\n---\n",
            log: "2026-11-20 Run 5km +g\n", today: Self.day(22))
        #expect(s.start == Self.day(20))
        #expect(s.ideal(on: Self.day(22)) == nil)
        #expect(BurnUpChart(s).idealPoints == nil)
        #expect(BurnUpChart(s).gapPoints == nil)
    }

    @Test func linkedActionsBeforeTheStartLiftTheGapAtTheStart() throws {
        let s = try Self.single(
            "---\ntitle: G\nstart: 2026-11-10\ntarget: 2026-12-31\ntargets:\n  km: 100\n---\n",
            log: "2026-11-01 Run 5km +g\n2026-11-05 Run 5km +g\n2026-11-15 Run 5km +g\n", today: Self.day(22))
        let chart = BurnUpChart(s)
        #expect(chart.firstDay == Self.day(1))
        let gap = try #require(chart.gapPoints)
        // The gap starts at the end of the 9th, already at 10 km.
        #expect(gap[0] == (chart.x(endOf: Self.day(9)), chart.y(ExactDecimal(10))))
        #expect(gap[1].y == chart.y(ExactDecimal(10)))
    }

    @Test func beforeTheStartTheChartBeginsToday() throws {
        let s = try Self.single(
            "---\ntitle: G\nstart: 2027-03-01\ntarget: 2027-05-01\ntargets:\n  km: 100\n---\n",
            log: "", today: Self.day(22))
        #expect(BurnUpChart(s).firstDay == Self.day(22))
        #expect(BurnUpText.render(s, indent: 0, width: 80, hue: .green, style: .plain).contains("2026-11-22"))
    }

    @Test func aLongDailyHistoryKeepsOneStepPerColumn() throws {
        var log = ""
        var day = CivilDate(year: 2016, month: 1, day: 1)!
        for _ in 0..<3_000 {
            log += "\(day) Run 1km +g\n"
            day = day.adding(days: 1)
        }
        let s = try Self.single(
            "---\ntitle: G\nstart: 2016-01-01\ntarget: 2026-12-31\ntargets:\n  km: 5000\n---\n",
            log: log, today: Self.day(22))
        #expect(s.points.count == 3_000)
        #expect(s.total == ExactDecimal(3_000))
        let points = BurnUpChart(s).actualPoints
        #expect(points.count <= 2 * 308 + 2, "\(points.count)")
        #expect(points.last!.y == BurnUpChart(s).y(ExactDecimal(3_000)))
    }

    @Test func numbersAreTenthsWithoutTrailingZeros() {
        #expect(BurnUpChart.number(60) == "6")
        #expect(BurnUpChart.number(676) == "67.6")
        #expect(BurnUpChart.number(-5) == "-0.5")
        #expect(BurnUpChart.number(0) == "0")
    }
}
