import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// The dashboard of `htl status`.
public enum StatusText {
    public static func render(
        _ report: ProgressReport, ledger: Ledger, term: TermProgress?, goals: [GoalProgress],
        width: Int = 80, style: TerminalStyle = .plain
    ) -> String {
        let width = max(width, 40)
        var out = ""
        let date = report.today.description
        let title = TextLayout.truncate(ledger.settings.title ?? "htl", width - date.count - 2)
        out += style.bold(title) + String(repeating: " ", count: width - title.count - date.count) + date + "\n"
        out += termLines(term, report: report, width: width, style: style)
        let unreadable = report.unreadableGoals
        if goals.isEmpty && unreadable.isEmpty {
            out += "\nNo goals to show.\n"
            return out
        }
        out += summaryLines(goals, unreadable: unreadable.count, width: width, style: style)
        for u in unreadable { out += "\n" + unreadableLines(u, width: width, style: style) }
        let barWidth = width >= 100 ? 24 : (width >= 70 ? 20 : 10)
        for g in goals {
            out +=
                "\n"
                + goalLines(
                    g, today: report.today, measures: ledger.measures, width: width, barWidth: barWidth, style: style)
        }
        out += "\n" + style.dim("Details: htl progress <goal-id>") + "\n"
        return out
    }

    /// "Term 7 · week 4 of 10 · 49 days left", then the title and theme when they fit or on a line of their own.
    static func termLines(_ term: TermProgress?, report: ProgressReport, width: Int, style: TerminalStyle) -> String {
        guard let term else {
            if let next = report.terms.first(where: { $0.term.start > report.today }) {
                return TextLayout.truncate(
                    "No active term · Term \(next.term.number) starts \(next.term.start) "
                        + "(\(TextLayout.relativeDays(report.today.days(until: next.term.start))))",
                    width) + "\n"
            }
            return "No active term\n"
        }
        let name = "Term \(term.term.number)"
        let head = ([name] + TermWords.timing(term, today: report.today)).joined(separator: " · ")
        var out = style.paint(name, .magenta, bold: true) + String(head.dropFirst(name.count)) + "\n"
        let about = [term.term.title == name ? nil : term.term.title, term.term.theme].compactMap { $0 }.joined(
            separator: " · ")
        if !about.isEmpty { out += style.dim(TextLayout.truncate(about, width)) + "\n" }
        return out
    }

    /// "1 unreadable · 1 overdue · 2 on track · …", wrapped to the width.
    static func summaryLines(_ goals: [GoalProgress], unreadable: Int, width: Int, style: TerminalStyle) -> String {
        var pieces = GoalState.allCases.compactMap { state -> (String, String)? in
            let n = goals.filter { $0.state == state }.count
            let text = "\(n) \(state.words)"
            return n == 0 ? nil : (text, style.paint(text, ReportColors.stateColor(state)))
        }
        if unreadable > 0 {
            let text = "\(unreadable) unreadable"
            pieces.insert((text, style.paint(text, .red)), at: 0)
        }
        return TextLayout.wrap(pieces, separator: " ·", width: width, indent: "")
    }

    /// A goal file htl could not read, first: its path and id, then where
    /// its first error is and what it says (CLI.md, `htl status`).
    static func unreadableLines(_ u: UnreadableGoal, width: Int, style: TerminalStyle) -> String {
        let stateColumn = 14
        let path = TextLayout.truncate(u.path, max(width - stateColumn - u.id.count - 2, 10))
        let gap = max(width - stateColumn - path.count - u.id.count, 2)
        return style.paint(TextLayout.padRight("UNREADABLE", stateColumn), .red, bold: true) + style.bold(path)
            + String(repeating: " ", count: gap) + style.dim(u.id) + "\n"
            + TextLayout.paragraph("  ", "\(u.location): \(u.message)", width: width)
            + "  " + style.dim("not counted until it is fixed: htl check") + "\n"
    }

    /// State, title and id; then bar, percent, the first target and the due
    /// date; then one line per further target.
    static func goalLines(
        _ g: GoalProgress, today: CivilDate, measures: MeasureCatalog, width: Int, barWidth: Int, style: TerminalStyle
    ) -> String {
        let stateColumn = 14
        let right = g.id
        let titleText = TextLayout.truncate(g.goal.title, max(width - stateColumn - right.count - 2, 10))
        let gap = max(width - stateColumn - titleText.count - right.count, 2)
        let color = ReportColors.color(for: g.hue)
        var out =
            style.paint(TextLayout.padRight(g.state.words.uppercased(), stateColumn), color, bold: true)
            + style.bold(titleText)
        out += String(repeating: " ", count: gap) + style.dim(right) + "\n"

        let pct = TextLayout.padLeft(TextLayout.percent(ProgressWords.percent(g)), 4)
        let indent = 2 + barWidth + 1 + pct.count + 2
        let room = width - indent
        var details = detailLines(g, measures, today: today, room: room).map { TextLayout.truncate($0, room) }
        let due = dueText(g)
        // The due date goes beside the first detail when both fit whole, else on a line of its own:
        // never a number cut to make room, the same at every width.
        let beside = !due.isEmpty && details[0].count + 2 + due.count <= room
        if !due.isEmpty, !beside { details.append(TextLayout.truncate(due, room)) }
        out +=
            "  " + style.paint(TextLayout.bar(g.progress, width: barWidth), color) + " "
            + style.paint(pct, color, bold: true) + "  " + details[0]
        if beside {
            out += String(repeating: " ", count: room - details[0].count - due.count)
            out += g.state == .overdue ? style.paint(due, .red) : due
        }
        out += "\n"
        for (i, detail) in details.enumerated().dropFirst() {
            let isDue = !beside && !due.isEmpty && i == details.count - 1
            out +=
                String(repeating: " ", count: indent)
                + (isDue && g.state == .overdue ? style.paint(detail, .red) : detail) + "\n"
        }
        return out
    }

    /// What the percentage measures (`45 / 100 km`, `mean of 2 targets`,
    /// `6 of 8 weeks kept`, `checklist 3 / 5`); then each of several
    /// targets with its own ratio, and each cadence with its rhythm (and,
    /// below it, the latest period it missed while this one is open); a goal
    /// without progress shows its count of actions.
    package static func detailLines(_ g: GoalProgress, _ measures: MeasureCatalog, today: CivilDate, room: Int = .max)
        -> [String]
    {
        var lines = ProgressWords.figure(g, measures).map { [$0] } ?? []
        if g.targets.count > 1 { lines += g.targets.map { ProgressWords.target($0, measures) } }
        for c in g.cadences {
            lines.append(CadenceWords.summary(c, measures, today: today, room: room))
            if let missed = CadenceWords.lastVerdict(c) { lines.append(missed) }
        }
        return lines.isEmpty ? [TextLayout.count(g.counts)] : lines
    }

    /// "due 2027-01-10 (in 49 days)"; empty without a target date.
    package static func dueText(_ g: GoalProgress) -> String {
        guard let target = g.goal.target, let days = g.daysLeft else { return "" }
        return "due \(target) (\(TextLayout.relativeDays(days)))"
    }
}
