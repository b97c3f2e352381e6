import HTLCheck
import HTLCore
import HTLLoad
import HTLModel
import HTLProgress

/// The dashboard of `htl status`.
public enum StatusText {
    public static func render(_ report: ProgressReport, ledger: Ledger, term: TermProgress?, goals: [GoalProgress],
                              width: Int = 80, style: TerminalStyle = .plain) -> String {
        let width = max(width, 40)
        var out = ""
        let date = report.today.description
        let title = TextLayout.truncate(ledger.settings.title ?? "htl", width - date.count - 2)
        out += style.bold(title) + String(repeating: " ", count: width - title.count - date.count) + date + "\n"
        out += termLines(term, report: report, width: width, style: style)
        if goals.isEmpty {
            out += "\nNo goals to show.\n"
            return out
        }
        out += summaryLines(goals, width: width, style: style)
        let barWidth = width >= 100 ? 24 : (width >= 70 ? 20 : 10)
        for g in goals {
            out += "\n" + goalLines(g, width: width, barWidth: barWidth, style: style)
        }
        out += "\n" + style.dim("Details: htl progress <goal-id>") + "\n"
        return out
    }

    /// "Term 7 · week 4 of 10 · 49 days left", then the title and theme when they fit or on a line of their own.
    static func termLines(_ term: TermProgress?, report: ProgressReport, width: Int, style: TerminalStyle) -> String {
        guard let term else {
            if let next = report.terms.first(where: { $0.term.start > report.today }) {
                return TextLayout.truncate("No active term · Term \(next.term.number) starts \(next.term.start) (\(TextLayout.relativeDays(report.today.days(until: next.term.start))))", width) + "\n"
            }
            return "No active term\n"
        }
        let name = "Term \(term.term.number)"
        var parts: [String] = []
        if let week = term.week { parts.append("week \(week) of \(term.weeks)") }
        if term.daysLeft >= 0 {
            parts.append(TextLayout.plural(term.daysLeft, "day") + " left")
        } else {
            parts.append("ended \(term.term.end)")
        }
        if term.state != .active { parts.append(term.state.rawValue.replacingAll("_", " ")) }
        let head = ([name] + parts).joined(separator: " · ")
        var out = style.paint(name, .magenta, bold: true) + String(head.dropFirst(name.count)) + "\n"
        let about = [term.term.title == name ? nil : term.term.title, term.term.theme].compactMap { $0 }.joined(separator: " · ")
        if !about.isEmpty { out += style.dim(TextLayout.truncate(about, width)) + "\n" }
        return out
    }

    /// "1 overdue · 2 on track · …", wrapped to the width.
    static func summaryLines(_ goals: [GoalProgress], width: Int, style: TerminalStyle) -> String {
        let pieces = GoalState.allCases.compactMap { state -> (String, String)? in
            let n = goals.filter { $0.state == state }.count
            let text = "\(n) \(state.words)"
            return n == 0 ? nil : (text, style.paint(text, ReportColors.stateColor(state)))
        }
        return TextLayout.wrap(pieces, separator: " ·", width: width, indent: "")
    }

    /// Two lines: state, title and id; then bar, percent, targets and due date.
    static func goalLines(_ g: GoalProgress, width: Int, barWidth: Int, style: TerminalStyle) -> String {
        let stateWord = g.state.words.uppercased()
        let stateColumn = 14
        let head = TextLayout.padRight(stateWord, stateColumn)
        let right = g.id
        let titleRoom = width - stateColumn - right.count - 2
        let titleText = TextLayout.truncate(g.goal.title, max(titleRoom, 10))
        let gap = max(width - stateColumn - titleText.count - right.count, 2)
        var line1 = style.paint(head, ReportColors.stateColor(g.state), bold: true) + style.bold(titleText)
        line1 += String(repeating: " ", count: gap) + style.dim(right)

        let color = ReportColors.color(for: g)
        let bar = style.paint(TextLayout.bar(g.progress, width: barWidth), color)
        let pct = TextLayout.padLeft(TextLayout.percent(g.progress), 4)
        var detail: String
        if !g.targets.isEmpty {
            detail = g.targets.map(TextLayout.amounts).joined(separator: " · ")
        } else if g.checklistTotal > 0 {
            detail = "checklist \(g.checklistDone) / \(g.checklistTotal)"
        } else {
            detail = TextLayout.plural(g.actionIndices.count, "action")
        }
        var due = ""
        if let target = g.goal.target, let days = g.daysLeft {
            due = "due \(target) (\(TextLayout.relativeDays(days)))"
        }
        let used = 2 + barWidth + 1 + pct.count + 2
        let room = width - used
        var line2Right = due
        if detail.count + due.count + 2 > room {
            if detail.count + 2 + due.count <= room + 10, !due.isEmpty {
                line2Right = target(g)
            }
            if detail.count + line2Right.count + 2 > room {
                detail = TextLayout.truncate(detail, max(room - line2Right.count - 2, 8))
            }
        }
        let line2Left = "  " + bar + " " + style.paint(pct, color, bold: true) + "  " + detail
        let visibleLeft = used + detail.count
        let pad = max(width - visibleLeft - line2Right.count, 2)
        let line2 = line2Left + (line2Right.isEmpty ? "" : String(repeating: " ", count: pad) + (g.state == .overdue ? style.paint(line2Right, .red) : line2Right))
        return line1 + "\n" + line2 + "\n"
    }

    /// A shorter due text for narrow lines: "due 2027-01-10".
    private static func target(_ g: GoalProgress) -> String {
        g.goal.target.map { "due \($0)" } ?? ""
    }
}
