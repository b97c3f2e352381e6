import HTLCore
import HTLModel

/// The activity calendar: a year of days, one square each, darker for more
/// actions; one column per week (starting on the ledger's `week_start`),
/// today's week last. Corrections are not counted (as `actions` counts).
extension Page {
    static let calendarWeeks = 53
    static let cell = 12

    /// Actions per day in the calendar's span, and the span's first day.
    func dailyActions() -> (first: CivilDate, counts: [Int]) {
        let first = ledger.settings.weekStart.onOrBefore(today).adding(days: -7 * (Page.calendarWeeks - 1))
        var counts = [Int](repeating: 0, count: first.days(until: today) + 1)
        for action in ledger.actions where action.date >= first && action.date <= today && !action.isCorrection {
            counts[first.days(until: action.date)] += 1
        }
        return (first, counts)
    }

    /// 0 for none, then 1, 2, 3-4, 5 or more.
    static func activityLevel(_ count: Int) -> Int {
        switch count {
        case 0: return 0
        case 1: return 1
        case 2: return 2
        case 3...4: return 3
        default: return 4
        }
    }

    var activityCard: N {
        let (first, counts) = dailyActions()
        let total = counts.reduce(0, +)
        let active = counts.count { $0 > 0 }
        let busiest = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }
        var words = "\(TextLayout.plural(total, "action")) on \(TextLayout.plural(active, "day")) of the last \(counts.count)"
        if let b = busiest, counts[b] > 0 {
            words += "; the busiest day was \(Page.longDate(first.adding(days: b))) with \(counts[b])"
        }
        let left = 3 * Page.cell
        var marks: [N] = [.el("title", text: words), emptyDays(left: left, days: counts.count)]
        for (i, count) in counts.enumerated() {
            let day = first.adding(days: i)
            let x = left + (i / 7) * Page.cell, y = Page.cell + (i % 7) * Page.cell
            if count > 0 {
                // Only days with actions are drawn one by one (with their count on hover).
                marks.append(.el("rect", [("class", "day level-\(Page.activityLevel(count))"), ("x", String(x)), ("y", String(y)),
                                          ("width", String(Page.cell - 2)), ("height", String(Page.cell - 2)), ("rx", "2")],
                                 [.el("title", text: "\(day): \(TextLayout.plural(count, "action"))")]))
            }
            if day.parts.day == 1 {
                marks.append(.el("text", [("class", "chart-label"), ("x", String(x)), ("y", "9")], [.text(Page.monthName(day))]))
            }
        }
        for row in [0, 2, 4] {
            let name = String(Page.longDate(first.adding(days: row)).prefix(3))
            marks.append(.el("text", [("class", "chart-label"), ("x", "0"), ("y", String(Page.cell + row * Page.cell + 9))], [.text(name)]))
        }
        let width = left + Page.calendarWeeks * Page.cell
        return .el("article", [("class", "card span-3"), ("aria-labelledby", "activity-title")], [
            .el("p", [("class", "eyebrow area-actions")], [.text("Activity")]),
            .el("h3", [("id", "activity-title")], [.text("A year of actions")]),
            .el("div", [("class", "calendar-scroll")], [
                .el("svg", [("class", "calendar"), ("viewBox", "0 0 \(width) \(8 * Page.cell)"), ("role", "img"),
                            ("aria-label", words), ("focusable", "false")], marks),
            ]),
            .el("p", [("class", "facts")], [.text(words)]),
            monthTable(first: first, counts: counts),
        ])
    }

    /// Every day of the span as an empty square: one pattern, not one element a day.
    private func emptyDays(left: Int, days: Int) -> N {
        let c = Page.cell, full = days / 7, rest = days % 7
        var parts: [N] = [
            .el("defs", [], [
                .el("pattern", [("id", "empty-day"), ("x", String(left)), ("y", String(c)), ("width", String(c)), ("height", String(c)),
                                ("patternUnits", "userSpaceOnUse")], [
                    .el("rect", [("class", "day level-0"), ("width", String(c - 2)), ("height", String(c - 2)), ("rx", "2")]),
                ]),
            ]),
            .el("rect", [("fill", "url(#empty-day)"), ("x", String(left)), ("y", String(c)), ("width", String(full * c)), ("height", String(7 * c))]),
        ]
        if rest > 0 {
            parts.append(.el("rect", [("fill", "url(#empty-day)"), ("x", String(left + full * c)), ("y", String(c)), ("width", String(c)),
                                      ("height", String(rest * c))]))
        }
        return .el("g", [], parts)
    }

    static func monthName(_ day: CivilDate) -> String {
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][day.parts.month - 1]
    }

    /// Actions and active days per month, the calendar's numbers.
    private func monthTable(first: CivilDate, counts: [Int]) -> N {
        var rows: [(month: String, actions: Int, days: Int)] = []
        for (i, count) in counts.enumerated() {
            let day = first.adding(days: i)
            let month = "\(Page.monthName(day)) \(day.parts.year)"
            if rows.last?.month != month { rows.append((month, 0, 0)) }
            rows[rows.count - 1].actions += count
            if count > 0 { rows[rows.count - 1].days += 1 }
        }
        return .el("details", [("class", "numbers")], [
            .el("summary", text: "Numbers"),
            .el("table", [], [
                .el("caption", text: "Actions per month"),
                .el("thead", [], [.el("tr", [], [
                    .el("th", [("scope", "col")], [.text("Month")]),
                    .el("th", [("scope", "col")], [.text("Actions")]),
                    .el("th", [("scope", "col")], [.text("Days with one")]),
                ])]),
                .el("tbody", [], rows.map { r in
                    .el("tr", [], [
                        .el("th", [("scope", "row")], [.text(r.month)]),
                        .el("td", [], [.text(String(r.actions))]),
                        .el("td", [], [.text(String(r.days))]),
                    ])
                }),
            ]),
        ])
    }
}
