import HTLCore
import HTLModel
import HTLProgress

/// `htl review` as Markdown: printed as it is, and saved as it is by
/// `--write` (a review is meant to be read, annotated and committed).
public enum ReviewText {
    public enum PromptKind: String, CaseIterable, Sendable {
        case progress, values, planning, celebration
    }

    public static func render(_ r: Review, report: ProgressReport) -> String {
        var out = "# \(heading(r))\n\n"
        out +=
            "\(TextLayout.longDate(r.period.start)) to \(TextLayout.longDate(r.period.end)) · "
            + "\(TextLayout.plural(r.actions, "counted action"))\n"
        out += section("Done", done(r, report.measures))
        out += section("Moved", r.moves.map(moved))
        out += section("Stalled", r.stalled.map { stalled($0, today: r.today) } + r.missed.map(missed))
        out += section("Due", r.due.overdue.map { due($0, "overdue: ") } + r.due.due.map { due($0, "") })
        out += section("Neglected values", r.neglected.map { "\($0.value.title): no counted action in 14 days" })
        out += "\n## Prompts\n\n"
        for (i, kind) in PromptKind.allCases.enumerated() {
            out +=
                "\(i + 1). **\(kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()).** "
                + "\(prompt(kind, r, report: report))\n"
        }
        return out
    }

    static func heading(_ r: Review) -> String {
        switch r.span {
        case .week: return "Weekly review \(r.name)"
        case .term(let number): return "Term \(number) review"
        }
    }

    static func section(_ title: String, _ items: [String]) -> String {
        "\n## \(title)\n\n" + (items.isEmpty ? "- nothing\n" : items.map { "- \($0)\n" }.joined())
    }

    static func done(_ r: Review, _ measures: MeasureCatalog) -> [String] {
        guard r.actions > 0 else { return [] }
        var items = [
            "\(TextLayout.plural(r.actions, "counted action")) toward \(TextLayout.plural(r.goals.count, "goal"))"
        ]
        items.append("goals: " + r.goals.map { "\($0.title) \($0.actions)" }.joined(separator: ", "))
        if !r.values.isEmpty {
            items.append("values: " + r.values.map { "\($0.title) \($0.actions)" }.joined(separator: ", "))
        }
        if !r.totals.isEmpty {
            items.append(
                "logged: "
                    + r.totals.map { TextLayout.quantity($0.amount, $0.measure, measures) }.joined(separator: ", "))
        }
        return items
    }

    static func moved(_ m: Review.Move) -> String {
        var text =
            "\(m.goal.goal.title): \(TextLayout.percent(m.before ?? .zero)) → "
            + "\(TextLayout.percent(m.goal.progress ?? .zero))"
        if m.before == nil && m.goal.progress == nil { text = "\(m.goal.goal.title):" }
        text +=
            m.stateBefore == m.goal.state
            ? " (\(m.goal.state.words))" : ", \(m.stateBefore.words) → \(m.goal.state.words)"
        return text
    }

    static func stalled(_ s: Review.Stall, today: CivilDate) -> String {
        guard let last = s.lastAction else { return "\(s.goal.goal.title): no counted action yet" }
        return
            "\(s.goal.goal.title): no counted action since \(last) "
            + "(\(TextLayout.plural(last.days(until: today), "day")))"
    }

    static func missed(_ m: Review.Miss) -> String {
        "\(m.goal.goal.title): \(m.atMost ? "over its limit" : "rhythm missed") \(m.period.start) – \(m.period.end) "
            + "(\(m.measure))"
    }

    static func due(_ g: GoalProgress, _ prefix: String) -> String {
        "\(prefix)\(g.goal.title), \(g.goal.target!) (\(TextLayout.relativeDays(g.daysLeft!))) · \(g.state.words)"
            + (g.progress.map { " · " + TextLayout.percent($0) } ?? "")
    }

    /// The four prompts, each filled with the ledger's own facts.
    public static func prompt(_ kind: PromptKind, _ r: Review, report: ProgressReport) -> String {
        let span: String
        switch r.span {
        case .week: span = "this week"
        case .term: span = "this term"
        }
        switch kind {
        case .progress:
            if let m = r.moves.first, let now = m.goal.progress, now > (m.before ?? .zero) {
                return
                    "\(m.goal.goal.title) moved from \(TextLayout.percent(m.before ?? .zero)) to "
                    + "\(TextLayout.percent(now)): what made \(span) work?"
            }
            return "Nothing moved \(span): what got in the way, and what is one small step you can take?"
        case .values:
            if let v = r.neglected.first {
                return
                    "\(v.value.title) had no action in 14 days: does it still matter to you now, and what would one "
                    + "small act for it be?"
            }
            if let v = r.values.first {
                return "Most of \(span)'s actions served \(v.title) (\(v.actions)): is that the balance you want?"
            }
            return "No action served a value \(span): which value do you want to act on next?"
        case .planning:
            if let g = Eisenhower.matrix(report).first(where: { $0.quadrant == .doNow })?.goals.first {
                return
                    "\(g.goal.title) is \(g.state.words); next: \(NextText.words(NextStep(g), report.measures)). When exactly will you "
                    + "do it?"
            }
            if let g = r.due.due.first {
                return "\(g.goal.title) is due \(TextLayout.relativeDays(g.daysLeft!)): what has to happen before then?"
            }
            return "What one thing would make next week a good week?"
        case .celebration:
            if let m = r.moves.first(where: { $0.goal.state == .completed && $0.stateBefore != .completed }) {
                return "\(m.goal.goal.title) is complete: how will you mark it?"
            }
            if let g = r.busiest, let n = r.goals.first(where: { $0.id == g.id })?.actions {
                return "You logged \(TextLayout.plural(n, "action")) toward \(g.goal.title): what are you proud of?"
            }
            return "What went well \(span), however small?"
        }
    }
}
