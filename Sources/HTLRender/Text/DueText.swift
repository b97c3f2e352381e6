import HTLCore
import HTLModel
import HTLProgress

/// What is overdue and what is due soon, then the rhythms still open this
/// period: `htl due`.
public enum DueText {
    public static func render(
        _ list: DueList, within days: Int, measures: MeasureCatalog, width: Int = 80, style: TerminalStyle = .plain
    ) -> String {
        let width = max(width, 40)
        var out = style.bold("Overdue") + "\n" + lines(list.overdue, width: width, style: style)
        out +=
            "\n" + style.bold("Due within \(TextLayout.plural(days, "day"))") + "\n"
            + lines(list.due, width: width, style: style)
        out +=
            "\n" + style.bold("Rhythms this period") + "\n"
            + rhythms(list.rhythms, measures, width: width, style: style)
        return out
    }

    /// "  run-100km  Run 100 kilometres this term\n    3/week · 2 more by 2026-11-29".
    static func rhythms(_ rhythms: [DueList.Rhythm], _ measures: MeasureCatalog, width: Int, style: TerminalStyle)
        -> String
    {
        guard !rhythms.isEmpty else { return "  " + style.dim("nothing open") + "\n" }
        return rhythms.map { r in
            let g = r.goal
            let title = TextLayout.truncate(g.goal.title, max(width - 2 - g.id.count - 2, 10))
            return "  " + style.paint(g.id, ReportColors.stateColor(g.state)) + "  " + title + "\n    "
                + CadenceWords.rule(r.cadence, measures) + " · " + CadenceWords.due(r, measures) + "\n"
        }.joined()
    }

    static func lines(_ goals: [GoalProgress], width: Int, style: TerminalStyle) -> String {
        guard !goals.isEmpty else { return "  " + style.dim("nothing") + "\n" }
        return goals.map { g in
            var facts = ["\(g.goal.target!) (\(TextLayout.relativeDays(g.daysLeft!)))"]
            if g.goal.kind != .goal { facts.append(g.goal.kind.rawValue) }
            facts.append(style.paint(g.state.words, ReportColors.stateColor(g.state), bold: true))
            if let p = g.progress { facts.append(TextLayout.percent(p)) }
            let right = facts.joined(separator: " · ")
            let title = TextLayout.truncate(g.goal.title, max(width - 2 - g.id.count - 2, 10))
            return "  " + style.paint(g.id, ReportColors.stateColor(g.state)) + "  " + title + "\n    " + right + "\n"
        }.joined()
    }
}
