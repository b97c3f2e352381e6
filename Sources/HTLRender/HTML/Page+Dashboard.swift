import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// The dashboard: term header, state summary, value-alignment summary.
extension Page {
    var dashboard: N {
        let goals = report.goals
        return section(
            "dashboard",
            [
                .el("h2", [("id", "dashboard-title"), ("class", "visually-hidden")], [.text("Dashboard")]),
                .el(
                    "div", [("class", "dash")],
                    [
                        termCard,
                        statesCard(goals),
                        valueSummaryCard,
                        activityCard,
                    ]),
            ])
    }

    var termCard: N {
        guard let term = report.currentTerm else {
            var lines: [N] = [
                .el("p", [("class", "eyebrow area-terms")], [.text("Term")]),
                .el("h3", [("class", "term-title")], [.text("No active term")]),
            ]
            if let next = report.terms.first(where: { $0.term.start > today }) {
                lines.append(
                    .el(
                        "p", [("class", "quiet")],
                        [
                            .text(
                                "Term \(next.term.number) starts \(next.term.start) "
                                    + "(\(TextLayout.relativeDays(today.days(until: next.term.start))))"
                            )
                        ]))
            }
            return .el("article", [("class", "card span-3")], lines)
        }
        let name = "Term \(term.term.number)"
        var headline = name
        if let week = term.week { headline += " · week \(week) of \(term.weeks)" }
        let about = [term.term.title == name ? nil : term.term.title, term.term.theme].compactMap { $0 }
        let length = term.term.lengthInDays
        let elapsed = min(max(term.term.start.days(until: today) + 1, 0), length)
        let share = ExactDecimal(elapsed).divided(by: length) ?? .zero
        var facts: [String] = []
        facts.append(term.daysLeft >= 0 ? TextLayout.plural(term.daysLeft, "day") + " left" : "ended \(term.term.end)")
        facts.append("\(term.term.start) → \(term.term.end)")
        facts.append(TextLayout.plural(term.goals.count, "goal") + " committed")
        if term.state != .active { facts.append(term.state.rawValue.replacingAll("_", " ")) }

        var left: [N] = [
            .el("p", [("class", "eyebrow area-terms")], [.text("Current term")]),
            .el("h3", [("class", "term-title"), ("id", "term-now")], [.text(headline)]),
        ]
        if !about.isEmpty { left.append(.el("p", [("class", "term-line")], [.text(about.joined(separator: " · "))])) }
        left.append(.el("p", [("class", "facts")], facts.map { .el("span", [], [.text($0)]) }))
        return .el(
            "article", [("class", "card span-3"), ("aria-labelledby", "term-now")],
            [
                .el(
                    "div", [("class", "row")],
                    [
                        .el("div", [("class", "grow gauge")], left),
                        Page.ring(
                            term.meanProgress, strokeClass: "stroke-terms", large: true, caption: "mean",
                            label: Page.gaugeLabel("\(name) mean progress", term.meanProgress)),
                    ]),
                Page.linearGauge(
                    label: "Time", amount: "day \(elapsed) of \(length) (\(TextLayout.percent(share)))",
                    fraction: share, fillClass: "fill-terms", large: true,
                    ariaLabel: "\(name) time elapsed",
                    valueText: "day \(elapsed) of \(length), \(Page.percentWords(share))"),
            ])
    }

    func statesCard(_ goals: [GoalProgress]) -> N {
        let counts = GoalState.allCases.map { state in (state, goals.filter { $0.state == state }.count) }.filter {
            $0.1 > 0
        }
        let summary = counts.map { "\($0.1) \($0.0.words)" }.joined(separator: ", ")
        var children: [N] = [
            .el("p", [("class", "eyebrow area-goals")], [.text("Goals")]),
            .el("h3", [], [.text(TextLayout.plural(goals.count, "goal"))]),
        ]
        if !counts.isEmpty {
            children.append(
                .el(
                    "div", [("class", "stack"), ("role", "img"), ("aria-label", "States: " + summary)],
                    counts.map { state, n in
                        .el("span", [("class", "state-\(state.rawValue)"), ("style", "flex: \(n)")])
                    }))
            children.append(
                .el(
                    "ul", [("class", "legend")],
                    counts.map { state, n in
                        .el(
                            "li", [],
                            [
                                .el("span", [("class", "dot state-\(state.rawValue)"), ("aria-hidden", "true")]),
                                .el("b", [], [.text(String(n))]),
                                .text(state.words),
                            ])
                    }))
        } else {
            children.append(.el("p", [("class", "quiet")], [.text("No goals yet: htl new goal <id>")]))
        }
        let dated =
            goals
            .filter { $0.state.isOpen && ($0.daysLeft ?? -1) >= 0 }
            .sorted { a, b in a.daysLeft! != b.daysLeft! ? a.daysLeft! < b.daysLeft! : ByteOrder.precedes(a.id, b.id) }
        // The next three, and every goal due the same day as the third: a tie is never cut.
        let upcoming = dated.enumerated().prefix { i, g in i < 3 || g.daysLeft == dated[2].daysLeft }.map(\.element)
        if !upcoming.isEmpty {
            children.append(
                .el(
                    "div", [("class", "gauge")],
                    [
                        .el("p", [("class", "eyebrow")], [.text("Next due")]),
                        .el(
                            "ul", [("class", "links well")],
                            upcoming.map { g in
                                .el(
                                    "li", [],
                                    [
                                        .el("a", [("href", link(.goal(g.id)))], [.text(g.goal.title)]),
                                        .el(
                                            "span", [("class", "strength")],
                                            [.text(TextLayout.relativeDays(g.daysLeft!))]),
                                    ])
                            }),
                    ]))
        }
        children.append(
            .el(
                "p", [("class", "more")],
                [.el("a", [("href", link(.section("goals")))], [.text("All goals, those needing attention first")])]))
        return .el("article", [("class", "card")], children)
    }

    var valueSummaryCard: N {
        let neglected = report.values.filter(\.neglected).count
        var children: [N] = [
            .el("p", [("class", "eyebrow area-values")], [.text("Values")]),
            .el("h3", [], [.text("Value alignment")]),
        ]
        if report.values.isEmpty {
            children.append(.el("p", [("class", "quiet")], [.text("No values yet: htl new value <id>")]))
        } else {
            children.append(
                .el(
                    "ul", [("class", "value-rows")],
                    report.values.map { v in
                        let band = v.weightedProgress.map { ProgressBand($0) }
                        return .el(
                            "li", [("class", "value-row")],
                            [
                                .el(
                                    "span", [("class", "chips")],
                                    [
                                        .el("a", [("href", link(.value(v.value.id)))], [.text(v.value.title)]),
                                        v.neglected
                                            ? .el("span", [("class", "pill tone-orange")], [.text("neglected")])
                                            : .empty,
                                    ]),
                                Page.bar(
                                    v.weightedProgress ?? .zero, fillClass: "fill-" + (band?.rawValue ?? "gray"),
                                    large: false,
                                    ariaLabel: "\(v.value.title) weighted progress",
                                    valueText: Page.percentWords(v.weightedProgress)),
                                .el("span", [("class", "amount")], [.text(TextLayout.percent(v.weightedProgress))]),
                            ])
                    }))
        }
        var facts: [String] = []
        facts.append(neglected == 0 ? "no value neglected" : TextLayout.plural(neglected, "value") + " neglected")
        if !report.unalignedGoals.isEmpty {
            facts.append(TextLayout.plural(report.unalignedGoals.count, "goal") + " aligned to no value")
        }
        children.append(.el("p", [("class", "facts")], facts.map { .el("span", [], [.text($0)]) }))
        children.append(
            .el(
                "p", [("class", "more")],
                [.el("a", [("href", link(.section("values")))], [.text("Insights for every value")])]))
        return .el("article", [("class", "card span-2")], children)
    }
}
