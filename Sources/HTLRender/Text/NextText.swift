import HTLCore
import HTLModel
import HTLProgress

/// What to do now: `htl next`. Each quadrant of the importance × urgency
/// matrix, its goals in attention order, each with its next step.
public enum NextText {
    public static func render(_ report: ProgressReport, width: Int = 80, style: TerminalStyle = .plain) -> String {
        let width = max(width, 40)
        var out = ""
        for (quadrant, goals) in Eisenhower.matrix(report) {
            if !out.isEmpty { out += "\n" }
            out += style.bold(title(quadrant)) + style.dim(" · " + meaning(quadrant)) + "\n"
            if goals.isEmpty { out += "  " + style.dim("nothing here") + "\n" }
            for g in goals {
                let name = TextLayout.truncate(g.goal.title, width - g.id.count - 4)
                out +=
                    "  " + name + String(repeating: " ", count: max(width - 2 - name.count - g.id.count, 2))
                    + style.dim(g.id) + "\n"
                var facts = [style.paint(g.state.words, ReportColors.stateColor(g.state), bold: true)]
                if let p = g.progress { facts.append(TextLayout.percent(p)) }
                if let target = g.goal.target, let days = g.daysLeft {
                    facts.append("due \(target) (\(TextLayout.relativeDays(days)))")
                }
                facts.append("next: " + words(NextStep(g), report.measures))
                out += TextLayout.paragraph("    ", facts.joined(separator: " · "), width: width)
            }
        }
        return out
    }

    public static func title(_ q: Eisenhower.Quadrant) -> String {
        switch q {
        case .doNow: return "Do now"
        case .schedule: return "Schedule"
        case .keepUp: return "Keep up"
        case .letGo: return "Let go"
        }
    }

    /// The rule of the quadrant, in words.
    public static func meaning(_ q: Eisenhower.Quadrant) -> String {
        switch q {
        case .doNow: return "important, and urgent, due within a week or behind"
        case .schedule: return "important, not urgent: give it a time"
        case .keepUp: return "urgent, less important: keep it moving, or hand it on"
        case .letGo: return "neither: drop it, or keep it for later"
        }
    }

    /// "Find a 12 km route with some hills", "3.28 hours this week",
    /// "1 book this week" (a count still needed is a whole number),
    /// "1 session more by 2026-11-29".
    public static func words(_ step: NextStep, _ measures: MeasureCatalog) -> String {
        switch step {
        case .checklist(let text): return text
        case .thisWeek(let amount, let measure):
            return TextLayout.quantity(amount, measure, measures, needed: true) + " this week"
        case .remaining(let amount, let measure):
            return TextLayout.quantity(amount, measure, measures, needed: true) + " to go, past the date"
        case .holdOff(let measure, let until):
            return "none until \(until): over the limit this period"
                + (measure == Goal.actionsMeasure ? "" : " (\(measure))")
        case .cadence(let amount, let measure, let atMost, let by):
            return CadenceWords.more(amount, measure, measures, atMost: atMost, by: by)
        case .none: return "no open step (add a checklist item or a target)"
        }
    }
}
