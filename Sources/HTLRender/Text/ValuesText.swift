import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// Value alignment insights: `htl values`.
public enum ValuesText {
    public static func render(_ report: ProgressReport, width: Int = 80, style: TerminalStyle = .plain) -> String {
        let width = max(width, 40)
        // A priority nobody wrote is not printed as if someone had: "–", and the heading says why.
        let unset = report.values.contains { !$0.value.prioritySet }
        var out =
            style.bold("Values") + " by priority (1 = most important"
            + (unset ? "; – none written, ranked by level" : "") + ")\n"
        if report.values.isEmpty { out += "\nNo values yet: htl new value <id>\n" }
        for v in report.values {
            let priority = v.value.prioritySet ? String(v.value.priority) : "–"
            let head = "\(TextLayout.padLeft(priority, 3))  \(v.value.title)"
            let tag = v.neglected ? "NEGLECTED" : ""
            let level = " · " + v.value.level.rawValue.replacingAll("_", " ")
            let left = TextLayout.truncate(head + level, width - tag.count - 2 - v.value.id.count - 3)
            let right = (tag.isEmpty ? "" : style.paint(tag, .orange, bold: true) + "  ") + style.dim(v.value.id)
            let pad = max(width - left.count - tag.count - (tag.isEmpty ? 0 : 2) - v.value.id.count, 2)
            out += "\n" + style.bold(left) + String(repeating: " ", count: pad) + right + "\n"
            var facts = [TextLayout.plural(v.goals.count, "goal")]
            if let s = v.meanStrength { facts.append("mean strength \(s.formatted(fractionDigits: 1))") }
            if let p = v.weightedProgress { facts.append("weighted progress \(TextLayout.percent(p))") }
            facts.append(TextLayout.plural(v.actions30d, "action") + " in 30 days")
            out += "     " + TextLayout.truncate(facts.joined(separator: " · "), width - 5) + "\n"
            for g in v.goals {
                let state = g.state.words
                out +=
                    "     "
                    + TextLayout.truncate(
                        "strength \(TextLayout.padLeft(String(g.strength), 2))  \(g.id)  "
                            + "\(TextLayout.percent(g.progress)) · \(state)",
                        width - 5) + "\n"
            }
        }
        if !report.unalignedGoals.isEmpty {
            out += "\n" + style.bold("Goals aligned to no value") + "\n"
            for id in report.unalignedGoals { out += "  \(id)\n" }
        }
        return out
    }
}
