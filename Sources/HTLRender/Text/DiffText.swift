import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// `htl diff` for people: what moved first (largest gains), then goals added
/// and removed, then what stayed the same, in one line.
public enum DiffText {
    /// The header names the day each side was judged on (its commit's day,
    /// today for the working tree and the index, or `--as-of` for both).
    public static func render(
        _ diff: ProgressDiff, from: String, to: String, width: Int = 80, style: TerminalStyle = .plain
    ) -> String {
        let width = max(width, 40)
        let (from, to) = (TerminalText.escaped(from), TerminalText.escaped(to))
        var out =
            diff.fromDay == diff.toDay
            ? style.bold("Progress from \(from) to \(to)") + " (both as of \(diff.toDay))\n"
            : style.bold("Progress from \(from) (as of \(diff.fromDay)) to \(to) (as of \(diff.toDay))") + "\n"
        let changed = diff.goals.filter { $0.change == .changed }.sorted { a, b in
            switch (a.delta, b.delta) {
            case (let x?, let y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return ByteOrder.precedes(a.id, b.id)
            }
        }
        if !changed.isEmpty {
            out += "\n" + style.bold("Changed") + "\n"
            for g in changed { out += goalLines(g, width: width, style: style) }
        }
        for (title, kind) in [("Added", ProgressDiff.Change.added), ("Removed", .removed)] {
            let goals = diff.goals.filter { $0.change == kind }
            guard !goals.isEmpty else { continue }
            out += "\n" + style.bold(title) + "\n"
            for g in goals { out += goalLines(g, width: width, style: style) }
        }
        let unchanged = diff.goals.filter { $0.change == .unchanged }.count
        let added = ActionCount(
            actions: diff.actionsAdded, corrections: diff.correctionsAdded, toCome: diff.toComeAdded)
        var summary = [TextLayout.count(added) + " added"]
        if unchanged > 0 { summary.append(TextLayout.plural(unchanged, "goal") + " unchanged") }
        if changed.isEmpty && diff.goals.allSatisfy({ $0.change == .unchanged }) {
            summary.insert("no progress changed", at: 0)
        }
        out += "\n" + summary.joined(separator: " · ") + "\n"
        return out
    }

    static func goalLines(_ g: ProgressDiff.GoalChange, width: Int, style: TerminalStyle) -> String {
        var movement: String
        switch g.change {
        case .added: movement = TextLayout.percent(g.toProgress)
        case .removed: movement = "was " + TextLayout.percent(g.fromProgress)
        default: movement = "\(TextLayout.percent(g.fromProgress)) → \(TextLayout.percent(g.toProgress))"
        }
        // The points are the difference of the percents shown (both rounded
        // down), so the line adds up: 0% → 14%  +14 pts.
        var points = ""
        var shownDelta = 0
        if let from = g.fromProgress, let to = g.toProgress, g.change == .changed {
            shownDelta = Int(to.multiplied(by: 100).floor - from.multiplied(by: 100).floor)
            points =
                shownDelta == 0
                ? "" : (shownDelta > 0 ? "+\(shownDelta)" : "\(shownDelta)") + (abs(shownDelta) == 1 ? " pt" : " pts")
        }
        let right =
            movement + (points.isEmpty ? "" : "  " + style.paint(points, shownDelta < 0 ? .red : .green, bold: true))
        let rightWidth = movement.count + (points.isEmpty ? 0 : 2 + points.count)
        let left = TextLayout.truncate("\(g.id)  \(g.title)", width - rightWidth - 4)
        var out =
            "  " + left + String(repeating: " ", count: max(width - 2 - left.count - rightWidth, 2)) + right + "\n"
        var details: [String] = []
        if let a = g.fromState, let b = g.toState, a != b { details.append("\(b.words) (was \(a.words))") }
        for t in g.targets where t.from != t.to {
            let from = t.from.map(TextLayout.amount) ?? "—"
            let to = t.to.map(TextLayout.amount) ?? "—"
            details.append("\(t.measure) \(from) → \(to)")
        }
        if !details.isEmpty, g.change == .changed {
            out += TextLayout.wrap(details, separator: " ·", width: width, indent: "      ")
        }
        return out
    }
}
