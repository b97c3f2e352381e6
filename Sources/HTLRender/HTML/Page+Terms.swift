import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// Term cards: dates, state, week, committed goals.
extension Page {
    var termsSection: N {
        var children: [N] = [
            sectionHead("terms", "Terms", area: .terms, count: report.terms.isEmpty ? nil : "\(report.terms.count)")
        ]
        if report.terms.isEmpty {
            children.append(.el("p", [("class", "plate")], [.text("No terms yet: htl new term <id>")]))
        } else {
            children.append(.el("div", [("class", "grid")], report.terms.map(termCard)))
        }
        return section("terms", children)
    }

    func termTone(_ state: TermProgress.State) -> ReportPalette.Tone {
        switch state {
        case .active: return .purple
        case .upcoming, .planned: return .blue
        case .complete, .completed: return .green
        case .delayed, .onHold: return .orange
        case .cancelled: return .gray
        }
    }

    func termCard(_ t: TermProgress) -> N {
        let name = "Term \(t.term.number)"
        let headingID = "term-\(t.term.number)-title"
        var facts: [N] = [.el("span", [], [.text("\(t.term.start) → \(t.term.end)")])]
        facts += TermWords.timing(t, today: report.today).map { .el("span", [], [.text($0)]) }
        var body: [N] = [
            .el(
                "div", [("class", "row top")],
                [
                    Page.ring(
                        t.meanProgress,
                        strokeClass: "stroke-" + (t.meanProgress.map { ProgressBand($0).rawValue } ?? "gray"),
                        large: false, caption: nil, label: Page.gaugeLabel("\(name) mean progress", t.meanProgress)),
                    .el(
                        "div", [("class", "grow gauge")],
                        [
                            .el("p", [("class", "eyebrow area-terms")], [.text(name)]),
                            .el("h3", [("id", headingID)], [.text(t.term.title)]),
                            .el(
                                "p", [("class", "chips")],
                                [
                                    .el(
                                        "span", [("class", "pill tone-\(termTone(t.state).rawValue)")],
                                        [.text(t.state.rawValue.replacingAll("_", " "))])
                                ]),
                        ]),
                ])
        ]
        if let theme = t.term.theme { body.append(.el("p", [("class", "guidance")], [.text(theme)])) }
        body.append(.el("p", [("class", "facts")], facts))
        if !t.goals.isEmpty {
            body.append(
                .el(
                    "ul", [("class", "links well")],
                    t.goals.map { id in
                        let g = report.goal(id)
                        return .el(
                            "li", [],
                            [
                                .el("a", [("href", link(.goal(id)))], [.text(g?.goal.title ?? id)]),
                                .el(
                                    "span", [("class", "chips")],
                                    [
                                        .el("span", [("class", "strength")], [.text(TextLayout.percent(g?.progress))]),
                                        g.map { Page.stateDot($0.state) } ?? .empty,
                                    ]),
                            ])
                    }))
        } else {
            body.append(.el("p", [("class", "quiet small")], [.text("No goals committed.")]))
        }
        if !t.droppedGoals.isEmpty {
            // Not among the term's goals or in its mean: said apart.
            body.append(
                .el(
                    "p", [("class", "quiet small")],
                    [
                        .text(
                            "Dropped: "
                                + t.droppedGoals.map { report.goal($0)?.goal.title ?? $0 }.joined(separator: ", "))
                    ]))
        }
        return .el(
            "article", [("class", "card term"), ("id", "term-\(t.term.number)"), ("aria-labelledby", headingID)], body)
    }
}
