import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// Goal cards in attention order: a ring gauge, a linear gauge per target,
/// state and badges, all in the goal's state's colour (one story per goal).
extension Page {
    var goalsSection: N { goalsSection(report.attentionOrdered, unreadable: report.unreadableGoals) }

    /// Cards for `goals`, in the order given (the app's filtered list), after
    /// the goal files htl cannot read.
    func goalsSection(_ goals: [GoalProgress], unreadable: [UnreadableGoal]) -> N {
        let shown = goals.count + unreadable.count
        var children: [N] = [
            sectionHead(
                "goals", "Goals", area: .goals,
                count: shown == 0
                    ? nil
                    : "\(shown) · needing attention first"
                        + (unreadable.isEmpty ? "" : " · \(unreadable.count) unreadable"))
        ]
        if shown == 0 {
            children.append(.el("p", [("class", "plate")], [.text("No goals yet: htl new goal <id>")]))
        } else {
            // A goal file htl cannot read comes first: it is not counted until it is fixed.
            let cards = unreadable.enumerated().map { unreadableCard($0.element, number: $0.offset + 1) }
            children.append(.el("div", [("class", "grid")], cards + goals.map(goalCard)))
        }
        return section("goals", children)
    }

    /// A goal file htl could not read: its path, the first error in it and
    /// where, and that nothing counts toward it until it is fixed.
    func unreadableCard(_ u: UnreadableGoal, number: Int) -> N {
        let headingID = "unreadable-\(number)-title"
        return .el(
            "article", [("class", "card goal"), ("id", "unreadable-\(number)"), ("aria-labelledby", headingID)],
            [
                .el(
                    "div", [("class", "spread")],
                    [
                        .el("h3", [("id", headingID), ("class", "grow")], [.text(u.path)]),
                        .el("span", [("class", "pill tone-red")], [.text("unreadable")]),
                    ]),
                .el("p", [("class", "facts")], [.el("code", [], [.text("\(u.location): \(u.message)")])]),
                .el(
                    "p", [("class", "quiet small")],
                    [
                        .text("Goal \(u.id) is not counted until its file is fixed: "),
                        .el("code", [], [.text("htl check")]),
                    ]),
            ])
    }

    func goalCard(_ g: GoalProgress) -> N {
        let goal = g.goal
        let headingID = "goal-\(goal.id)-title"
        var body: [N] = [goalHeading(g, headingID: headingID)]
        let gauges = goalGauges(g)
        if !gauges.isEmpty { body.append(.el("ul", [("class", "targets")], gauges)) }
        body.append(goalCalendar(g))
        body.append(.el("p", [("class", "facts")], goalFacts(g)))
        if let by = goal.requestedBy { body.append(.el("p", [("class", "facts")], [Page.fact("requested by", by)])) }
        if let consequence = goal.consequence {
            body.append(.el("p", [("class", "facts")], [Page.fact("if missed", consequence)]))
        }
        if !goal.values.isEmpty { body.append(goalValues(goal)) }
        return .el(
            "article",
            [
                ("class", "card goal state-\(g.state.rawValue)"), ("id", "goal-\(goal.id)"),
                ("aria-labelledby", headingID),
            ], body)
    }

    /// The ring, the title and the chips: the state, and what stands out.
    private func goalHeading(_ g: GoalProgress, headingID: String) -> N {
        let goal = g.goal
        var chips: [N] = [
            .el("span", [("class", "pill tone-\(g.state.hue.rawValue)")], [.text(g.state.words)])
        ]
        if g.standsOut {
            // Only what stands out is marked, in words that explain themselves.
            chips.append(
                .el(
                    "span",
                    [
                        ("class", "pill badge tone-\(g.state.hue.rawValue)"),
                        ("title", "importance \(goal.importance) of 10 (the default is 8)"),
                    ],
                    [.text("importance \(goal.importance)")]))
        }
        if goal.kind != .goal { chips.append(.el("span", [("class", "pill")], [.text(goal.kind.rawValue)])) }
        return .el(
            "div", [("class", "row top")],
            [
                Page.ring(
                    g.progress, strokeClass: "stroke-" + g.hue.rawValue, large: false, caption: nil,
                    label: Page.gaugeLabel(goal.title, g.progress), done: g.state == .completed),
                .el(
                    "div", [("class", "grow gauge")],
                    [
                        .el("h3", [("id", headingID)], [.text(goal.title)]),
                        .el("p", [("class", "chips")], chips),
                    ]),
            ])
    }

    /// One gauge per target (with its burn-up chart), cadence and checklist.
    private func goalGauges(_ g: GoalProgress) -> [N] {
        let goal = g.goal
        var gauges: [N] = []
        let burnUps = BurnUp.series(g, ledger: ledger, today: report.today, limit: Page.chartsPerGoal)
        for (k, t) in g.targets.enumerated() {
            let measure = ledger.measures.measure(named: t.measure)
            let name = measure.map { $0.title == $0.id ? $0.id : $0.title } ?? t.measure
            let amounts = "\(TextLayout.amounts(t, ledger.measures)) (\(TextLayout.percent(t.ratio)))"
            gauges.append(
                .el(
                    "li", [],
                    [
                        Page.linearGauge(
                            label: name, amount: amounts, fraction: t.ratio, fillClass: "fill-" + g.hue.rawValue,
                            ariaLabel: "\(goal.title): \(name)",
                            valueText:
                                "\(TextLayout.amount(t.actual)) of "
                                + TextLayout.quantity(t.target, t.measure, ledger.measures) + ", "
                                + "\(Page.percentWords(t.ratio))"
                        ),
                        k < burnUps.count ? burnUpFigure(burnUps[k], goal: g) : .empty,
                    ]))
        }
        for c in g.cadences { gauges.append(.el("li", [], [cadenceStrip(c, goal: goal.title)])) }
        if g.checklistTotal > 0 {
            let share = ExactDecimal(g.checklistDone).divided(by: g.checklistTotal) ?? .zero
            gauges.append(
                .el(
                    "li", [],
                    [
                        Page.linearGauge(
                            label: "Checklist",
                            amount: "\(g.checklistDone) / \(g.checklistTotal) done (\(TextLayout.percent(share)))",
                            fraction: share, fillClass: "fill-" + g.hue.rawValue,
                            ariaLabel: "\(goal.title): checklist",
                            valueText: "\(g.checklistDone) of \(g.checklistTotal) done, \(Page.percentWords(share))")
                    ]))
        }
        return gauges
    }

    /// What the progress measures (when not one target's own), the rhythm,
    /// due date, pace, projection, terms and the count of actions.
    private func goalFacts(_ g: GoalProgress) -> [N] {
        let goal = g.goal
        var facts: [N] = []
        if g.targets.count != 1, let p = g.progress, let figure = ProgressWords.figure(g, ledger.measures) {
            facts.append(Page.fact("progress", "\(TextLayout.percent(p)), \(figure)"))
        }
        if let rhythm = CadenceWords.rhythm(g, ledger.measures) { facts.append(Page.fact("rhythm", rhythm)) }
        if let target = goal.target, let days = g.daysLeft {
            facts.append(Page.fact("due", "\(target) (\(TextLayout.relativeDays(days)))"))
        } else if let start = goal.start {
            facts.append(Page.fact("from", "\(start), no target date"))
        }
        if let pace = PaceWords.describe(g) { facts.append(.el("span", [], [.text(pace)])) }
        if let finish = g.projectedFinish { facts.append(Page.fact("projected", finish.description)) }
        if !goal.terms.isEmpty {
            facts.append(
                .el("span", [], [.text("term " + goal.terms.map { String($0.number) }.joined(separator: ", "))]))
        }
        facts.append(.el("span", [], [.text(TextLayout.count(g.counts))]))
        return facts
    }

    /// The values the goal serves, each with its strength (linked to the value's card).
    private func goalValues(_ goal: Goal) -> N {
        .el(
            "p", [("class", "chips small")],
            goal.values.map { a in
                if let value = ledger.value(a.value) {
                    return .el(
                        "a", [("class", "pill tone-blue"), ("href", link(.value(value.id)))],
                        [.text("\(value.title) \(a.strength)")])
                }
                return .el("span", [("class", "pill")], [.text("\(a.value) \(a.strength)")])
            })
    }

    /// A cadence: its rule and how many periods were kept, a strip of the
    /// periods (one square each, its dates and status on hover, the whole in
    /// words for screen readers), and where this period stands. A kept
    /// period is green, as in the legend, whatever the goal's state: a
    /// behind habit's kept weeks were kept.
    func cadenceStrip(_ c: CadenceProgress, goal: String) -> N {
        let kept = CadenceWords.kept(c)
        let squares: [N] =
            c.recent.map { p in
                .el(
                    "span",
                    [
                        ("class", "period \(p.status.rawValue)" + (p.status == .met ? " fill-green" : "")),
                        (
                            "title",
                            "\(p.days.start) – \(p.days.end): \(TextLayout.amount(p.amount)) of "
                                + "\(TextLayout.amount(p.required)), \(p.status.rawValue)"
                        ),
                    ])
            } + c.upcoming.map { .el("span", [("class", "period \($0.rawValue)")]) }
        let words =
            "\(goal): \(CadenceWords.rule(c, ledger.measures)), \(kept); " + CadenceWords.now(c, today: report.today)
        return .el(
            "div", [("class", "gauge cadence")],
            [
                .el(
                    "div", [("class", "gauge-label")],
                    [
                        .el("span", [("class", "rule")], [.text(CadenceWords.rule(c, ledger.measures))]),
                        .el("span", [("class", "amount")], [.text(kept)]),
                    ]),
                .el("div", [("class", "strip"), ("role", "img"), ("aria-label", words)], squares),
                .el(
                    "p", [("class", "facts")],
                    [
                        .text(CadenceWords.now(c, today: report.today))
                    ]),
            ])
    }

    /// A coloured dot for a state, with the state in words for screen readers and on hover.
    static func stateDot(_ state: GoalState) -> N {
        .fragment([
            .el("span", [("class", "dot state-\(state.rawValue)"), ("title", state.words), ("aria-hidden", "true")]),
            .el("span", [("class", "visually-hidden")], [.text(state.words)]),
        ])
    }

    static func fact(_ label: String, _ value: String) -> N {
        .el("span", [], [.text(label + " "), .el("strong", [], [.text(value)])])
    }
}
