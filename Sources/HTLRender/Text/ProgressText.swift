import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// One goal in detail: `htl progress GOAL`.
public enum ProgressText {
    public static func render(
        _ g: GoalProgress, ledger: Ledger, report: ProgressReport,
        width: Int = 80, style: TerminalStyle = .plain
    ) -> String {
        let width = max(width, 40)
        var out = header(g, report: report, width: width, style: style)
        out += targetLines(
            g, burnUps: BurnUp.series(g, ledger: ledger, today: report.today), measures: ledger.measures, width: width,
            style: style)
        out += cadenceLines(g, today: report.today, measures: ledger.measures, width: width, style: style)
        out += paceLine(g, style: style)
        out += checklistLines(g, width: width, style: style)
        out += valueLines(g, ledger: ledger, width: width, style: style)
        out += actionLines(g, ledger: ledger, report: report, width: width, style: style)
        return out
    }

    /// Title and id; kind, state, percent, importance, urgency, terms; the window.
    static func header(_ g: GoalProgress, report: ProgressReport, width: Int, style: TerminalStyle) -> String {
        let goal = g.goal
        let title = TextLayout.truncate(goal.title, width - goal.id.count - 2)
        var out =
            style.bold(title) + String(repeating: " ", count: max(width - title.count - goal.id.count, 2))
            + style.dim(goal.id) + "\n"
        let state = g.state.words
        var facts: [(plain: String, styled: String)] = [
            (goal.kind.rawValue, goal.kind.rawValue),
            (state, style.paint(state, ReportColors.stateColor(g.state), bold: true)),
        ]
        if let p = ProgressWords.percent(g) {
            // A percentage says what it measures when it is not a target's own.
            let figure = g.targets.count == 1 ? nil : ProgressWords.figure(g, report.measures)
            let words = TextLayout.percent(p) + (figure.map { " (\($0))" } ?? "")
            facts.append((words, words))
        }
        var plain = ["importance \(goal.importance)", "urgency \(goal.urgency)"]
        if !goal.terms.isEmpty { plain.append("term " + goal.terms.map { String($0.number) }.joined(separator: ", ")) }
        if goal.status != .active { plain.append("status \(goal.status.rawValue)") }
        facts += plain.map { ($0, $0) }
        out += TextLayout.wrap(facts, separator: " ·", width: width, indent: "")
        out += windowLine(g, today: report.today) + "\n"
        if let by = goal.requestedBy { out += TextLayout.paragraph("requested by ", by, width: width) }
        if let consequence = goal.consequence { out += TextLayout.paragraph("if missed: ", consequence, width: width) }
        return out
    }

    /// "2026-11-02 → 2027-01-10 · day 21 of 70 · 49 days left".
    static func windowLine(_ g: GoalProgress, today: CivilDate) -> String {
        let goal = g.goal
        var window: [String] = []
        switch (goal.start, goal.target) {
        case (let start?, let target?):
            window.append("\(start) → \(target)")
            let span = start.days(until: target) + 1
            let day = start.days(until: today) + 1
            if day >= 1, day <= span { window.append("day \(day) of \(span)") }
        case (let start?, nil): window.append("from \(start), no target date")
        case (nil, let target?): window.append("due \(target)")
        case (nil, nil): window.append("no dates")
        }
        if let days = g.daysLeft {
            window.append(
                days >= 0 ? TextLayout.plural(days, "day") + " left" : TextLayout.plural(-days, "day") + " overdue")
        }
        if let weeks = goal.weeks { window.append("planned for \(TextLayout.plural(weeks, "week"))") }
        return window.joined(separator: " · ")
    }

    /// Each target: its bar and figures, then its burn-up chart.
    static func targetLines(
        _ g: GoalProgress, burnUps: [BurnUp], measures: MeasureCatalog, width: Int, style: TerminalStyle
    ) -> String {
        guard !g.targets.isEmpty else { return "" }
        var out = "\n" + style.bold("Targets") + "\n"
        let nameWidth = min(max(g.targets.map(\.measure.count).max() ?? 0, 6), 16)
        let barWidth = width >= 70 ? 20 : 10
        for (t, series) in zip(g.targets, burnUps) {
            let band = ReportColors.color(for: g.hue)
            let pct = TextLayout.padLeft(TextLayout.percent(t.ratio), 4)
            out +=
                "  " + TextLayout.padRight(t.measure, nameWidth) + "  "
                + style.paint(TextLayout.bar(t.ratio, width: barWidth), band) + " " + style.paint(pct, band, bold: true)
                + "  " + TextLayout.amounts(t, measures) + "\n"
            var pace: [String] = []
            pace.append(
                t.remaining.isZero
                    ? "target reached" : TextLayout.quantity(t.remaining, t.measure, measures, needed: true) + " to go")
            if !t.remaining.isZero, let perDay = t.neededPerDay, let perWeek = t.neededPerWeek {
                let whole = measures.words(for: t.measure).whole
                pace.append(
                    whole && perDay < .one
                        ? "needs " + TextLayout.rate(perDay: perDay, t.measure, measures, needed: true)
                        : whole
                            ? "needs \(perDay.ceiling)/day or \(perWeek.ceiling)/week"
                            : "needs \(TextLayout.rate(perDay))/day or \(TextLayout.rate(perWeek))/week")
            }
            if let now = t.currentPerDay {
                pace.append("so far " + TextLayout.rate(perDay: now, t.measure, measures, needed: false))
            }
            out +=
                String(repeating: " ", count: nameWidth + 4)
                + TextLayout.truncate(pace.joined(separator: " · "), width - nameWidth - 4) + "\n"
            out += BurnUpText.render(series, indent: nameWidth + 4, width: width, hue: g.hue, style: style)
        }
        return out
    }

    /// The rhythm (kept, or what slipped); then per cadence: the rule, a strip of the periods (● met, ○ missed,
    /// ◌ open, – excused, · to come), met of all and the best streak; then
    /// this period, what it still needs and the strength.
    static func cadenceLines(
        _ g: GoalProgress, today: CivilDate, measures: MeasureCatalog, width: Int, style: TerminalStyle
    ) -> String {
        guard !g.cadences.isEmpty else { return "" }
        var out = "\n" + style.bold("Cadence") + "  " + style.dim("● met  ○ missed  ◌ open  – break  · to come") + "\n"
        if let rhythm = CadenceWords.rhythm(g, measures) {
            out += TextLayout.paragraph("  rhythm ", rhythm, width: width)
        }
        let ruleWidth = min(g.cadences.map { CadenceWords.rule($0, measures).count }.max() ?? 0, 24)
        let stripWidth = width >= 70 ? CadenceProgress.recentLimit : 12
        for c in g.cadences {
            let strip = CadenceWords.strip(c, limit: stripWidth)
            let kept = CadenceWords.kept(c, strength: false)
            let head =
                "  " + TextLayout.padRight(TextLayout.truncate(CadenceWords.rule(c, measures), ruleWidth), ruleWidth)
                + "  "
            out +=
                head + style.paint(strip, ReportColors.color(for: g.hue)) + "  "
                + TextLayout.truncate(kept, max(width - head.count - strip.count - 2, 10)) + "\n"
            let strength = c.strength.map { "strength " + TextLayout.percent($0) }
            let now = [CadenceWords.now(c, today: today), CadenceWords.stillNeeds(c, measures), strength].compactMap {
                $0
            }
            // Wrapped at the dots, never cut: a cut date reads as another date.
            out += TextLayout.wrap(
                now.map { ($0, $0) }, separator: " ·", width: width,
                indent: String(repeating: " ", count: ruleWidth + 4))
        }
        return out
    }

    static func paceLine(_ g: GoalProgress, style: TerminalStyle) -> String {
        guard g.paceDays != nil || g.projectedFinish != nil else { return "" }
        var pace: [String] = []
        if let words = PaceWords.describe(g) { pace.append(words) }
        if let finish = g.projectedFinish { pace.append("projected finish \(finish)") }
        return "\n" + style.bold("Pace") + "  " + pace.joined(separator: " · ") + "\n"
    }

    static func checklistLines(_ g: GoalProgress, width: Int, style: TerminalStyle) -> String {
        guard g.checklistTotal > 0 else { return "" }
        var out = "\n" + style.bold("Checklist") + " \(g.checklistDone) of \(g.checklistTotal) done\n"
        for item in g.goal.checklist {
            out +=
                "  " + (item.done ? style.paint("[x]", .green) : "[ ]") + " "
                + TextLayout.truncate(item.text, width - 6) + "\n"
        }
        return out
    }

    static func valueLines(_ g: GoalProgress, ledger: Ledger, width: Int, style: TerminalStyle) -> String {
        guard !g.goal.values.isEmpty else { return "" }
        var out = "\n" + style.bold("Values") + "\n"
        let idWidth = g.goal.values.map(\.value.count).max() ?? 0
        for a in g.goal.values {
            let title = ledger.value(a.value)?.title ?? "(unknown value)"
            out +=
                "  " + TextLayout.padRight(a.value, idWidth)
                + "  strength \(TextLayout.padLeft(String(a.strength), 2))  "
                + TextLayout.truncate(title, max(width - idWidth - 16, 10)) + "\n"
        }
        return out
    }

    static func actionLines(_ g: GoalProgress, ledger: Ledger, report: ProgressReport, width: Int, style: TerminalStyle)
        -> String
    {
        // The counted lines, corrections among them, then those to come, newest first.
        let actions = g.allActionIndices.sorted { Action.chronologically(ledger.actions[$1], ledger.actions[$0]) }
        var out = "\n" + style.bold("Actions") + " (" + TextLayout.count(g.counts) + ")\n"
        if actions.isEmpty { out += "  none yet: htl log \"...\" +\(g.goal.id)\n" }
        let goals = report.goalsCounting(actions, in: ledger.actions)
        for i in actions {
            out +=
                ActionsText.line(
                    ledger.actions[i], goals: goals[i] ?? [], measures: ledger.measures, width: width, style: style,
                    showDate: true, except: g.goal.id) + "\n"
        }
        return out
    }
}
