import HTLCheck
import HTLCore
import HTLLoad
import HTLModel
import HTLProgress

/// Goal cards in urgency order: a ring gauge, a linear gauge per target, state and badges.
extension Page {
    var goalsSection: N {
        let goals = report.urgencyOrdered
        var children: [N] = [sectionHead("goals", "Goals", area: .goals,
                                         count: goals.isEmpty ? nil : "\(goals.count) · most urgent first")]
        if goals.isEmpty {
            children.append(.el("p", [("class", "plate")], [.text("No goals yet: htl new goal <id>")]))
        } else {
            children.append(.el("div", [("class", "grid")], goals.map(goalCard)))
        }
        return section("goals", children)
    }

    /// Overdue goals are red whatever their progress; dropped goals gray.
    static func hueClass(_ g: GoalProgress, ratio: ExactDecimal? = nil) -> String {
        (ratio.map { g.hue(forRatio: $0) } ?? g.hue).rawValue
    }

    func goalCard(_ g: GoalProgress) -> N {
        let goal = g.goal
        let headingID = "goal-\(goal.id)-title"
        var chips: [N] = [
            .el("span", [("class", "pill tone-\(g.state.hue.rawValue)")], [.text(g.state.words)]),
        ]
        if goal.importance >= 8 {
            chips.append(.el("span", [("class", "badge")], [
                .text("HIGH"), .el("span", [("class", "visually-hidden")], [.text(" importance \(goal.importance)")]),
            ]))
        }
        if goal.kind != .goal { chips.append(.el("span", [("class", "pill")], [.text(goal.kind.rawValue)])) }

        var body: [N] = [
            .el("div", [("class", "row top")], [
                Page.ring(g.progress, strokeClass: "stroke-" + Page.hueClass(g), large: false, caption: nil,
                          label: Page.gaugeLabel(goal.title, g.progress), done: g.state == .completed),
                .el("div", [("class", "grow gauge")], [
                    .el("h3", [("id", headingID)], [.text(goal.title)]),
                    .el("p", [("class", "chips")], chips),
                ]),
            ]),
        ]

        var gauges: [N] = []
        for t in g.targets {
            let measure = ledger.measures.measure(named: t.measure)
            let name = measure.map { $0.title == $0.id ? $0.id : $0.title } ?? t.measure
            let amounts = "\(TextLayout.amounts(t)) (\(TextLayout.percent(t.ratio)))"
            gauges.append(.el("li", [], [Page.linearGauge(
                label: name, amount: amounts, fraction: t.ratio, fillClass: "fill-" + Page.hueClass(g, ratio: t.ratio),
                ariaLabel: "\(goal.title): \(name)",
                valueText: "\(TextLayout.amount(t.actual)) of \(TextLayout.amount(t.target)) \(t.measure), \(Page.percentWords(t.ratio))")]))
        }
        if g.checklistTotal > 0 {
            let share = ExactDecimal(g.checklistDone).divided(by: g.checklistTotal) ?? .zero
            gauges.append(.el("li", [], [Page.linearGauge(
                label: "Checklist", amount: "\(g.checklistDone) / \(g.checklistTotal) done (\(TextLayout.percent(share)))",
                fraction: share, fillClass: "fill-" + Page.hueClass(g, ratio: share),
                ariaLabel: "\(goal.title): checklist",
                valueText: "\(g.checklistDone) of \(g.checklistTotal) done, \(Page.percentWords(share))")]))
        }
        if !gauges.isEmpty { body.append(.el("ul", [("class", "targets")], gauges)) }

        var facts: [N] = []
        if let target = goal.target, let days = g.daysLeft {
            facts.append(Page.fact("due", "\(target) (\(TextLayout.relativeDays(days)))"))
        } else if let start = goal.start {
            facts.append(Page.fact("from", "\(start), no target date"))
        }
        if let days = g.paceDays {
            facts.append(.el("span", [], [.text(days == 0 ? "on pace" : (days > 0 ? TextLayout.plural(days, "day") + " ahead of pace"
                                                                           : TextLayout.plural(-days, "day") + " behind pace"))]))
        }
        if let finish = g.projectedFinish { facts.append(Page.fact("projected", finish.description)) }
        if !goal.terms.isEmpty {
            facts.append(.el("span", [], [.text("term " + goal.terms.map { String($0.number) }.joined(separator: ", "))]))
        }
        facts.append(.el("span", [], [.text(TextLayout.plural(g.actionIndices.count, "action"))]))
        body.append(.el("p", [("class", "facts")], facts))

        if let by = goal.requestedBy { body.append(.el("p", [("class", "facts")], [Page.fact("requested by", by)])) }
        if let consequence = goal.consequence { body.append(.el("p", [("class", "facts")], [Page.fact("if missed", consequence)])) }

        if !goal.values.isEmpty {
            body.append(.el("p", [("class", "chips small")], goal.values.map { a in
                if let value = ledger.value(a.value) {
                    return .el("a", [("class", "pill tone-blue"), ("href", "#value-\(value.id)")], [.text("\(value.title) \(a.strength)")])
                }
                return .el("span", [("class", "pill")], [.text("\(a.value) \(a.strength)")])
            }))
        }
        return .el("article", [("class", "card goal state-\(g.state.rawValue)"), ("id", "goal-\(goal.id)"),
                               ("aria-labelledby", headingID)], body)
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
