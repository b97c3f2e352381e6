import HTLCore
import HTLModel
import HTLProgress

/// A burn-up chart per target: the running total climbing against the
/// even-pace line, the gap between them tinted in the goal's colour, today
/// marked, the projection dashed; in words for screen readers and as a
/// table of numbers under it.
extension Page {
    /// At most this many charts per goal (its first targets; the others keep
    /// their gauges), and this many rows in each chart's table: the page
    /// stays small whatever the ledger holds.
    static let chartsPerGoal = 3
    static let chartTableRows = 31

    func burnUpFigure(_ series: BurnUp, goal: GoalProgress) -> N {
        let chart = BurnUpChart(series)
        let unit = series.measure
        let name = ledger.measures.measure(named: unit)?.title ?? unit
        let words = Page.burnUpWords(series, ledger.measures)
        // No <title>: the same words are the visible caption under the chart.
        var marks: [N] = [
            .el(
                "line",
                [
                    ("class", "chart-axis"), ("x1", BurnUpChart.number(BurnUpChart.left * 10)),
                    ("y1", BurnUpChart.number(chart.y(.zero))),
                    ("x2", BurnUpChart.number((BurnUpChart.width - BurnUpChart.right) * 10)),
                    ("y2", BurnUpChart.number(chart.y(.zero))),
                ])
        ]
        let hue = goal.hue.rawValue
        if let gap = chart.gapPoints {
            marks.append(.el("path", [("class", "chart-gap tint-\(hue)"), ("d", BurnUpChart.path(gap, closed: true))]))
        }
        if let ideal = chart.idealPoints {
            marks.append(.el("path", [("class", "chart-ideal"), ("d", BurnUpChart.path(ideal))]))
        }
        let todayX = BurnUpChart.number(chart.x(endOf: series.today))
        marks.append(
            .el(
                "line",
                [
                    ("class", "chart-today"), ("x1", todayX), ("y1", BurnUpChart.number(BurnUpChart.top * 10 - 40)),
                    ("x2", todayX), ("y2", BurnUpChart.number((BurnUpChart.height - BurnUpChart.bottom) * 10)),
                ]))
        if let projection = chart.projectionPoints {
            marks.append(
                .el("path", [("class", "chart-projection stroke-\(hue)"), ("d", BurnUpChart.path(projection))]))
        }
        marks.append(
            .el("path", [("class", "chart-actual stroke-\(hue)"), ("d", BurnUpChart.path(chart.actualPoints))]))
        marks += labels(chart, unit: unit)
        return .el(
            "figure", [("class", "chart")],
            [
                .el(
                    "svg",
                    [
                        ("class", "burnup"), ("viewBox", "0 0 \(BurnUpChart.width) \(BurnUpChart.height)"),
                        ("role", "img"),
                        ("aria-label", "\(goal.goal.title), \(name): \(words)"), ("focusable", "false"),
                    ], marks),
                .el("figcaption", [("class", "facts")], [.text(words)]),
                burnUpTable(series, name: name),
            ])
    }

    /// The top of the scale (the target, or the total past it) above the
    /// chart's right end; the first and last days under it.
    private func labels(_ chart: BurnUpChart, unit: String) -> [N] {
        let right = BurnUpChart.number((BurnUpChart.width - BurnUpChart.right) * 10)
        let left = BurnUpChart.number(BurnUpChart.left * 10)
        let base = BurnUpChart.number(BurnUpChart.height * 10 - 60)
        func text(_ x: String, _ y: String, _ anchor: String, _ words: String) -> N {
            .el("text", [("class", "chart-label"), ("x", x), ("y", y), ("text-anchor", anchor)], [.text(words)])
        }
        let lastWords = chart.lastDay == chart.series.today ? "today" : chart.lastDay.description
        var labels = [
            text(right, "12", "end", TextLayout.quantity(chart.high, unit, ledger.measures)),
            text(left, base, "start", chart.firstDay.description),
            text(right, base, "end", lastWords),
        ]
        // Today named under its line when it is clear of both dates.
        let todayX = chart.x(endOf: chart.series.today)
        if lastWords != "today", todayX - BurnUpChart.left * 10 > 900,
            (BurnUpChart.width - BurnUpChart.right) * 10 - todayX > 900
        {
            labels.append(text(BurnUpChart.number(todayX), base, "middle", "today"))
        }
        return labels
    }

    /// "45 of 100 km, 4 days ahead of the even pace, projected Wed 30 Dec 2026".
    static func burnUpWords(_ s: BurnUp, _ measures: MeasureCatalog) -> String {
        var parts = ["\(TextLayout.amount(s.total)) of " + TextLayout.quantity(s.target, s.measure, measures)]
        if let pace = s.paceDays {
            switch pace {
            case 0: parts.append("on the even-pace line")
            case 1...: parts.append("\(TextLayout.plural(pace, "day")) ahead of the even-pace line")
            default: parts.append("\(TextLayout.plural(-pace, "day")) behind the even-pace line")
            }
        } else if s.end == nil {
            parts.append("no target date")
        }
        if let finish = s.projectedFinish { parts.append("projected \(TextLayout.longDate(finish))") }
        return parts.joined(separator: ", ")
    }

    /// The numbers behind the chart: at most the latest 31 days with a change.
    private func burnUpTable(_ s: BurnUp, name: String) -> N {
        let shown = s.points.suffix(Page.chartTableRows)
        let chart = BurnUpChart(s)
        var rows: [N] = shown.map { p in
            .el(
                "tr", [],
                [
                    .el("th", [("scope", "row")], [.text(p.date.description)]),
                    .el("td", [], [.text(TextLayout.amount(p.total))]),
                    .el("td", [], [.text(chart.ideal(on: p.date).map(TextLayout.amount) ?? "—")]),
                ])
        }
        if rows.isEmpty {
            rows.append(.el("tr", [], [.el("td", [("colspan", "3")], [.text("nothing counted yet")])]))
        }
        let earlier = s.points.count - shown.count
        return .el(
            "details", [("class", "numbers")],
            [
                .el(
                    "summary",
                    text: "Numbers: \(name) by day"
                        + (earlier > 0 ? " (latest \(shown.count) days; \(earlier) earlier)" : "")),
                .el(
                    "table", [],
                    [
                        .el("caption", text: "\(name) by day, in \(s.measure)"),
                        .el(
                            "thead", [],
                            [
                                .el(
                                    "tr", [],
                                    [
                                        .el("th", [("scope", "col")], [.text("Day")]),
                                        .el("th", [("scope", "col")], [.text("Total")]),
                                        .el("th", [("scope", "col")], [.text("Even pace")]),
                                    ])
                            ]),
                        .el("tbody", [], rows),
                    ]),
            ])
    }
}
