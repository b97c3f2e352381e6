import HTLCore
import HTLModel
import HTLProgress

/// The activity calendar: a year of days (or, for a ledger younger than
/// that, its weeks so far, at least a quarter), one square each, darker for
/// more actions; one column per week (starting on the ledger's
/// `week_start`), today's week last. Corrections are not counted (as
/// `actions` counts).
extension Page {
    static let calendarWeeks = 53
    /// The fewest weeks the ledger's calendar shows.
    static let calendarShortestWeeks = 13
    static let cell = 12

    /// Actions per day from `first` to `last`, both included (corrections
    /// left out).
    static func dailyCounts<S: Sequence<Action>>(_ actions: S, first: CivilDate, last: CivilDate) -> [Int] {
        var counts = [Int](repeating: 0, count: max(first.days(until: last) + 1, 0))
        for action in actions where action.date >= first && action.date <= last && !action.isCorrection {
            counts[first.days(until: action.date)] += 1
        }
        return counts
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
        let thisWeek = ledger.settings.weekStart.onOrBefore(today)
        let yearAgo = thisWeek.adding(days: -7 * (Page.calendarWeeks - 1))
        let quarterAgo = thisWeek.adding(days: -7 * (Page.calendarShortestWeeks - 1))
        let firstAction = ledger.actions.lazy.filter { !$0.isCorrection }.map(\.date).min() ?? today
        let first = max(yearAgo, min(quarterAgo, ledger.settings.weekStart.onOrBefore(firstAction)))
        let counts = Page.dailyCounts(ledger.actions, first: first, last: today)
        let words = Page.activityWords(first: first, counts: counts, span: "of the last \(counts.count)")
        let title = first == yearAgo ? "A year of actions" : "Actions since \(TextLayout.longDate(first))"
        return .el(
            "article", [("class", "card span-3"), ("aria-labelledby", "activity-title")],
            [
                .el("p", [("class", "eyebrow area-actions")], [.text("Activity")]),
                .el("h3", [("id", "activity-title")], [.text(title)]),
                // Drawn at its own size, so its labels stay readable on a phone;
                // a narrower card scrolls it sideways, starting at today's end.
                .el(
                    "div",
                    [
                        ("class", "calendar-scroll"), ("tabindex", "0"), ("role", "region"),
                        ("aria-label", "\(title), scrolls sideways"),
                    ],
                    [
                        calendar(
                            first: first, counts: counts, words: words, pattern: "empty-day", className: "calendar",
                            dayTitles: true)
                    ]),
                .el("p", [("class", "facts")], [.text(words)]),
                monthTable(first: first, counts: counts),
            ])
    }

    /// A goal's own calendar: its counted actions, from the week of its start
    /// (or first action) to today or its target date, whichever is earlier;
    /// at most 53 weeks.
    func goalCalendar(_ g: GoalProgress) -> N {
        guard let start = g.goal.start ?? g.actionIndices.map({ ledger.actions[$0].date }).min() else { return .empty }
        let last = min(today, g.goal.target ?? today)
        // At most the last 53 weeks of a long window (the ledger's calendar has the same reach).
        let earliest = ledger.settings.weekStart.onOrBefore(last).adding(days: -7 * (Page.calendarWeeks - 1))
        let first = max(ledger.settings.weekStart.onOrBefore(start), earliest)
        guard first <= last else { return .empty }
        let counts = Page.dailyCounts(g.actionIndices.lazy.map { ledger.actions[$0] }, first: first, last: last)
        let words =
            "Actions toward \(g.goal.title): "
            + Page.activityWords(first: first, counts: counts, span: "of \(counts.count) in its window")
        // No count per square on hover: the burn-up's table has the numbers, and the page stays small.
        return .el(
            "div", [("class", "goal-activity")],
            [
                calendar(
                    first: first, counts: counts, words: words, pattern: "empty-day-\(g.id)",
                    className: "calendar-goal", dayTitles: false)
            ])
    }

    /// "156 actions on 70 days of the last 371; the busiest day was …".
    static func activityWords(first: CivilDate, counts: [Int], span: String) -> String {
        let total = counts.reduce(0, +)
        let active = counts.count { $0 > 0 }
        let busiest = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }
        var words = "\(TextLayout.plural(total, "action")) on \(TextLayout.plural(active, "day")) \(span)"
        // A busiest day only when one stands out from days of a single action.
        if let b = busiest, counts[b] > 1 {
            words += "; the busiest day was \(TextLayout.longDate(first.adding(days: b))) with \(counts[b])"
        }
        return words
    }

    /// One column per week from `first` (a week's first day), a square per
    /// day up to the last count, months named above, weekdays at the left.
    private func calendar(
        first: CivilDate, counts: [Int], words: String, pattern: String, className: String, dayTitles: Bool
    ) -> N {
        let left = 3 * Page.cell
        // The <title> names the picture for screen readers and on hover alike.
        var marks: [N] = [.el("title", text: words), emptyDays(left: left, days: counts.count, pattern: pattern)]
        // Without titles, the squares of one level are one path (a fifth of the bytes).
        var levels = [String](repeating: "", count: 5)
        for (i, count) in counts.enumerated() {
            let day = first.adding(days: i)
            let x = left + (i / 7) * Page.cell
            let y = Page.cell + (i % 7) * Page.cell
            if count > 0, dayTitles {
                // Days with actions are drawn one by one, with their count on hover.
                marks.append(
                    .el(
                        "rect",
                        [
                            ("class", "day level-\(Page.activityLevel(count))"), ("x", String(x)), ("y", String(y)),
                            ("width", String(Page.cell - 2)), ("height", String(Page.cell - 2)), ("rx", "2"),
                        ],
                        [.el("title", text: "\(day): \(TextLayout.plural(count, "action"))")]))
            } else if count > 0 {
                levels[Page.activityLevel(count)] += "M\(x) \(y)h\(Page.cell - 2)v\(Page.cell - 2)h-\(Page.cell - 2)z"
            }
            // Months named at their first day, and at the start when it is early in a month.
            if day.parts.day == 1 || (i == 0 && day.parts.day <= 14) {
                marks.append(
                    .el("text", [("class", "chart-label"), ("x", String(x)), ("y", "9")], [.text(Page.monthName(day))]))
            }
        }
        for (level, d) in levels.enumerated() where !d.isEmpty {
            marks.append(.el("path", [("class", "day level-\(level)"), ("d", d)]))
        }
        for row in [0, 2, 4] {
            let name = String(TextLayout.longDate(first.adding(days: row)).prefix(3))
            marks.append(
                .el(
                    "text", [("class", "chart-label"), ("x", "0"), ("y", String(Page.cell + row * Page.cell + 9))],
                    [.text(name)]))
        }
        // Room at the right for a month named in the last column.
        let width = left + (counts.count + 6) / 7 * Page.cell + 2 * Page.cell
        let height = 8 * Page.cell
        return .el(
            "svg",
            [
                ("class", className), ("viewBox", "0 0 \(width) \(height)"), ("width", String(width)),
                ("height", String(height)),
                ("role", "img"), ("focusable", "false"),
            ], marks)
    }

    /// Every day of the span as an empty square: one pattern, not one element a day.
    private func emptyDays(left: Int, days: Int, pattern: String) -> N {
        let c = Page.cell
        let full = days / 7
        let rest = days % 7
        var parts: [N] = [
            .el(
                "defs", [],
                [
                    .el(
                        "pattern",
                        [
                            ("id", pattern), ("x", String(left)), ("y", String(c)), ("width", String(c)),
                            ("height", String(c)),
                            ("patternUnits", "userSpaceOnUse"),
                        ],
                        [
                            .el(
                                "rect",
                                [
                                    ("class", "day level-0"), ("width", String(c - 2)), ("height", String(c - 2)),
                                    ("rx", "2"),
                                ])
                        ])
                ]),
            .el(
                "rect",
                [
                    ("fill", "url(#\(pattern))"), ("x", String(left)), ("y", String(c)), ("width", String(full * c)),
                    ("height", String(7 * c)),
                ]),
        ]
        if rest > 0 {
            parts.append(
                .el(
                    "rect",
                    [
                        ("fill", "url(#\(pattern))"), ("x", String(left + full * c)), ("y", String(c)),
                        ("width", String(c)),
                        ("height", String(rest * c)),
                    ]))
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
        return .el(
            "details", [("class", "numbers")],
            [
                .el("summary", text: "Numbers"),
                .el(
                    "table", [],
                    [
                        .el("caption", text: "Actions per month"),
                        .el(
                            "thead", [],
                            [
                                .el(
                                    "tr", [],
                                    [
                                        .el("th", [("scope", "col")], [.text("Month")]),
                                        .el("th", [("scope", "col")], [.text("Actions")]),
                                        .el("th", [("scope", "col")], [.text("Days with one")]),
                                    ])
                            ]),
                        .el(
                            "tbody", [],
                            rows.map { r in
                                .el(
                                    "tr", [],
                                    [
                                        .el("th", [("scope", "row")], [.text(r.month)]),
                                        .el("td", [], [.text(String(r.actions))]),
                                        .el("td", [], [.text(String(r.days))]),
                                    ])
                            }),
                    ]),
            ])
    }
}
