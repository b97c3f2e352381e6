import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// The action log grouped Today / Yesterday / This week / Last week / Earlier.
extension Page {
    var actionsSection: N { actionsSection(ActionFilter()) }

    /// The actions `filter` selects (a goal's page lists the goal's).
    func actionsSection(_ filter: ActionFilter) -> N {
        let indices = filter.apply(ledger, report)
        var children: [N] = [
            sectionHead(
                "actions", "Actions", area: .actions,
                count: indices.isEmpty
                    ? nil : TextLayout.count(ActionCount(indices, of: ledger.actions, today: today)) + " · newest first"
            )
        ]
        if indices.isEmpty {
            children.append(.el("p", [("class", "plate")], [.text("No actions yet: htl log \"…\"")]))
            return section("actions", children)
        }
        var groups: [(ActionsText.Group, [Int])] = []
        for i in indices {
            let g = ActionsText.group(of: ledger.actions[i].date, today: today, weekStart: ledger.settings.weekStart)
            if groups.last?.0 == g { groups[groups.count - 1].1.append(i) } else { groups.append((g, [i])) }
        }
        let shown = groups.flatMap { g, items in
            items.prefix(g == .earlier ? HTMLReport.earlierLimit : HTMLReport.groupLimit)
        }
        let counting = report.goalsCounting(Array(shown), in: ledger.actions)
        children.append(
            .el(
                "div", [("class", "action-groups")],
                groups.map { group, items in
                    let limit = group == .earlier ? HTMLReport.earlierLimit : HTMLReport.groupLimit
                    let id = "actions-" + group.rawValue.lowercased().replacingAll(" ", "-")
                    var card: [N] = [
                        .el(
                            "h3", [("id", id)],
                            [
                                .text(group.rawValue + " "),
                                .el("span", [("class", "quiet")], [.text("· \(items.count)")]),
                            ]),
                        .el(
                            "ul", [("class", "action-list")],
                            items.prefix(limit).map { actionRow($0, goals: counting[$0] ?? []) }),
                    ]
                    if items.count > limit {
                        card.append(
                            .el(
                                "p", [("class", "quiet small")],
                                [
                                    .text(
                                        "and \(items.count - limit) earlier "
                                            + "\(items.count - limit == 1 ? "action" : "actions") not shown; "
                                    ),
                                    .el("code", [], [.text("htl actions")]), .text(" lists them all"),
                                ]))
                    }
                    return .el("article", [("class", "card"), ("aria-labelledby", id)], card)
                }))
        return section("actions", children)
    }

    func actionRow(_ i: Int, goals: [String]) -> N {
        let a = ledger.actions[i]
        var when = a.date.description
        if let time = a.time { when += " " + time.description }
        var what: [N] = []
        if !a.text.isEmpty { what.append(.el("span", [], [.text(a.description)])) }
        for q in a.quantities { what.append(.el("span", [("class", "qty")], [.text(q.written(in: ledger.measures))])) }
        for id in goals { what.append(.el("a", [("href", link(.goal(id)))], [.text("+" + id)])) }
        for tag in a.tags { what.append(.el("span", [("class", "tag")], [.text("#" + tag)])) }
        return .el(
            "li", [("class", "action")],
            [
                .el("span", [("class", "when")], [.el("time", [("datetime", a.date.description)], [.text(when)])]),
                .el("span", [("class", "what")], what),
            ])
    }
}
