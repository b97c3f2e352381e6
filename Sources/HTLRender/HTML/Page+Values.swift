import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// Value cards: aligned goals, insights, neglected values flagged.
extension Page {
    var valuesSection: N {
        var children: [N] = [
            sectionHead(
                "values", "Values", area: .values,
                count: report.values.isEmpty ? nil : "\(report.values.count) · by priority")
        ]
        var cards = report.values.map(valueCard)
        if !report.unalignedGoals.isEmpty {
            cards.append(
                .el(
                    "article", [("class", "card"), ("aria-labelledby", "unaligned-title")],
                    [
                        .el("p", [("class", "eyebrow area-goals")], [.text("Goals")]),
                        .el("h3", [("id", "unaligned-title")], [.text("Aligned to no value")]),
                        .el(
                            "ul", [("class", "links")],
                            report.unalignedGoals.map { id in
                                .el(
                                    "li", [],
                                    [.el("a", [("href", link(.goal(id)))], [.text(report.goal(id)?.goal.title ?? id)])])
                            }),
                    ]))
        }
        if cards.isEmpty {
            children.append(.el("p", [("class", "plate")], [.text("No values yet: htl new value <id>")]))
        } else {
            children.append(.el("div", [("class", "grid")], cards))
        }
        return section("values", children)
    }

    func valueCard(_ v: ValueInsight) -> N {
        let value = v.value
        let headingID = "value-\(value.id)-title"
        var head: [N] = [.el("h3", [("id", headingID), ("class", "grow")], [.text(value.title)])]
        if v.neglected { head.append(.el("span", [("class", "pill tone-orange")], [.text("neglected")])) }
        // Only a priority the file writes: the level's default is not the person's.
        var meta =
            (value.prioritySet ? ["priority \(value.priority)"] : []) + [value.level.rawValue.replacingAll("_", " ")]
        if let domain = value.domain { meta.append(domain) }

        var body: [N] = [
            .el(
                "div", [("class", "row top")],
                [
                    Page.ring(
                        v.weightedProgress,
                        strokeClass: "stroke-" + (v.weightedProgress.map { ProgressBand($0).rawValue } ?? "gray"),
                        large: false, caption: nil,
                        label: Page.gaugeLabel("\(value.title) weighted progress", v.weightedProgress)),
                    .el(
                        "div", [("class", "grow gauge")],
                        [
                            .el("div", [("class", "spread")], head),
                            .el("p", [("class", "quiet small")], [.text(meta.joined(separator: " · "))]),
                        ]),
                ])
        ]
        if let guidance = value.guidance { body.append(.el("p", [("class", "guidance")], [.text(guidance)])) }
        var facts: [N] = [.el("span", [], [.text(TextLayout.plural(v.goals.count, "goal"))])]
        if let s = v.meanStrength { facts.append(Page.fact("mean strength", s.formatted(fractionDigits: 1))) }
        facts.append(.el("span", [], [.text(TextLayout.plural(v.actions30d, "action") + " in 30 days")]))
        body.append(.el("p", [("class", "facts")], facts))
        if !v.goals.isEmpty {
            body.append(
                .el(
                    "ul", [("class", "links well")],
                    v.goals.map { a in
                        .el(
                            "li", [],
                            [
                                .el("a", [("href", link(.goal(a.id)))], [.text(report.goal(a.id)?.goal.title ?? a.id)]),
                                .el(
                                    "span", [("class", "chips")],
                                    [
                                        .el(
                                            "span", [("class", "strength")],
                                            [.text("\(TextLayout.percent(a.progress)) · strength \(a.strength)")]),
                                        Page.stateDot(a.state),
                                    ]),
                            ])
                    }))
        } else {
            body.append(.el("p", [("class", "quiet small")], [.text("No goal serves this value yet.")]))
        }
        return .el(
            "article", [("class", "card value"), ("id", "value-\(value.id)"), ("aria-labelledby", headingID)], body)
    }
}
