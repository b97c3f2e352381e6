import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// Every term: `htl terms`.
public enum TermsText {
    public static func render(_ report: ProgressReport, width: Int = 80, style: TerminalStyle = .plain) -> String {
        let width = max(width, 40)
        var out = style.bold("Terms") + "\n"
        if report.terms.isEmpty { out += "\nNo terms yet: htl new term <id>\n" }
        for t in report.terms {
            let name = "Term \(t.term.number)"
            let title = t.term.title == name ? name : "\(name) · \(t.term.title)"
            let left = TextLayout.truncate(title, width - 26)
            let dates = "\(t.term.start) → \(t.term.end)"
            out +=
                "\n" + style.paint(left, .magenta, bold: true)
                + String(repeating: " ", count: max(width - left.count - dates.count, 2)) + dates + "\n"
            var facts = TermWords.timing(t, today: report.today)
            facts.append(TextLayout.plural(t.goals.count, "goal"))
            if let mean = t.meanProgress { facts.append("mean progress \(TextLayout.percent(mean))") }
            out += "  " + TextLayout.truncate(facts.joined(separator: " · "), width - 2) + "\n"
            if let theme = t.term.theme { out += "  " + style.dim(TextLayout.truncate(theme, width - 2)) + "\n" }
            if !t.goals.isEmpty { out += TextLayout.wrap(t.goals, width: width, indent: "  ") }
            // Dropped goals are not among the term's goals or in its mean: listed apart.
            if !t.droppedGoals.isEmpty {
                out += TextLayout.paragraph("  dropped: ", t.droppedGoals.joined(separator: ", "), width: width)
            }
        }
        return out
    }
}
