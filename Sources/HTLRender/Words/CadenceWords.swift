import HTLCore
import HTLModel
import HTLProgress

/// A cadence in words and symbols, shared by every report (FORMAT.md §8):
/// `actions 3/week · this week 2/3, 4 days left · streak 5 · strength 62%`.
enum CadenceWords {
    /// The rule as people read it: `3/week` (actions), `90 min/week`,
    /// `1 session/week`, `≤14 coffees/week`.
    static func rule(_ c: CadenceProgress, _ measures: MeasureCatalog) -> String {
        let words = measures.words(for: c.measure)
        let amount = c.cadence.amount.description
        let unit = c.measure == Goal.actionsMeasure ? "" : " " + (amount == "1" ? words.singular : words.plural)
        return (c.cadence.atMost ? "≤" : "") + amount + unit + "/" + c.cadence.period.rawValue
    }

    /// "this week", "this month", "today".
    static func thisPeriod(_ period: Cadence.Period) -> String {
        switch period {
        case .day: return "today"
        case .week: return "this week"
        case .month: return "this month"
        }
    }

    static func periods(_ n: Int, _ period: Cadence.Period) -> String {
        TextLayout.plural(n, period.rawValue)
    }

    /// The status line's detail: the rule, the current period, the streak
    /// and the strength; when `room` is short the streak goes first, then
    /// the days left, then the strength (`htl progress` shows them all).
    static func summary(_ c: CadenceProgress, _ measures: MeasureCatalog, today: CivilDate, room: Int = .max) -> String
    {
        let rule = rule(c, measures)
        let period = thisPeriod(c.cadence.period) + " "
        let shorter = now(c, today: today, daysLeft: false)
        let shortest = shorter.hasPrefix(period) ? String(shorter.dropFirst(period.count)) : shorter
        let streak = " · streak \(c.streak)"
        let tails: [String] = [streak + strength(c), c.strength == nil ? streak : strength(c)]
        var candidates: [String] = []
        for middle in [now(c, today: today), shorter, shortest] {
            for tail in tails { candidates.append(rule + " · " + middle + tail) }
        }
        candidates += [rule + " · " + shorter, rule + " · " + shortest]
        return candidates.first { $0.count <= room } ?? candidates[candidates.count - 1]
    }

    /// " · strength 62%" (`HabitStrength`); nothing before a period is decided.
    static func strength(_ c: CadenceProgress) -> String {
        c.strength.map { " · strength " + TextLayout.percent($0) } ?? ""
    }

    /// "3 of 8 weeks kept · streak 1 · best 1 · strength 34%" (without the strength when `strength` is false).
    static func kept(_ c: CadenceProgress, strength withStrength: Bool = true) -> String {
        "\(c.met) of \(periods(c.periods, c.cadence.period)) kept · streak \(c.streak) · best \(c.bestStreak)"
            + (withStrength ? strength(c) : "")
    }

    /// While the current period is open, the latest decided one if it was
    /// missed: "missed last week (2 of 3)", "over the week of 2026-11-09
    /// (3 of ≤2)". Nil when it was kept (the streak says so), when the
    /// current period is decided or on a break (it speaks for itself), and
    /// outside the window.
    static func lastVerdict(_ c: CadenceProgress) -> String? {
        guard let current = c.current, current.status == .open else { return nil }
        guard let p = c.latestDecided, p.status == .missed else { return nil }
        let when = periodName(p, before: current, c.cadence.period)
        let figures =
            "(\(TextLayout.amount(p.amount)) of \(c.cadence.atMost ? "≤" : "")\(TextLayout.amount(p.required)))"
        return (c.cadence.atMost ? "over " : "missed ") + when + " " + figures
    }

    /// "last week" for the period just before the current one; else "the
    /// week of 2026-11-09", "on 2026-11-09", "in the month of 2026-10-01".
    static func periodName(
        _ p: CadenceProgress.Period, before current: CadenceProgress.Period?,
        _ period: Cadence.Period
    ) -> String {
        if let current, p.days.end.adding(days: 1) == current.days.start {
            switch period {
            case .day: return "yesterday"
            case .week: return "last week"
            case .month: return "last month"
            }
        }
        switch period {
        case .day: return "on \(p.days.start)"
        case .week: return "the week of \(p.days.start)"
        case .month: return "the month of \(p.days.start)"
        }
    }

    /// Where the current period stands: "this week 2/3, 4 days left",
    /// "this week 3/3, kept", "this week 2/1, over", "this week 1/2 so far,
    /// within the limit", "on a break"; before and after the window, when
    /// it starts or how it ended.
    static func now(_ c: CadenceProgress, today: CivilDate, daysLeft: Bool = true) -> String {
        guard let p = c.current else {
            if let start = c.windowStart, today < start {
                return "starts \(start) (\(TextLayout.relativeDays(today.days(until: start))))"
            }
            if c.windowStart == nil { return "no start date" }
            return "ended, \(c.met) of \(periods(c.periods, c.cadence.period)) kept"
        }
        let head = thisPeriod(c.cadence.period) + " "
        let figures = "\(TextLayout.amount(p.amount))/\(TextLayout.amount(p.required))"
        switch p.status {
        case .excused: return head + "on a break"
        case .met where !c.cadence.atMost: return head + figures + ", kept"
        case .missed: return head + figures + ", over"
        case _ where c.cadence.atMost: return head + figures + " so far, within the limit"
        default:
            let left = today.days(until: p.days.end)
            guard daysLeft else { return head + figures }
            return head + figures + (left == 0 ? ", last day" : ", " + TextLayout.plural(left, "day") + " left")
        }
    }

    /// The rhythm in words: "kept", or "slipping: missed last week (2 of 3)"
    /// (each cadence that slipped, with the period it missed).
    static func rhythm(_ g: GoalProgress, _ measures: MeasureCatalog) -> String? {
        guard let rhythm = g.rhythm else { return nil }
        guard rhythm.status == .slipping else { return "kept" }
        let misses = g.cadences.compactMap { c -> String? in
            guard let p = c.latestDecided, p.status == .missed else { return nil }
            let when =
                c.current?.days == p.days
                ? thisPeriod(c.cadence.period) : periodName(p, before: c.current, c.cadence.period)
            let figures =
                "(\(TextLayout.amount(p.amount)) of \(c.cadence.atMost ? "≤" : "")\(TextLayout.amount(p.required)))"
            return (c.cadence.atMost ? "over " : "missed ") + when + " " + figures
                + (g.cadences.count > 1 ? " (" + rule(c, measures) + ")" : "")
        }
        return "slipping: " + misses.joined(separator: "; ")
    }

    /// What the current period still needs (at least) or allows (at most):
    /// "1 more by 2026-11-22"; nil once decided or without one.
    static func stillNeeds(_ c: CadenceProgress, _ measures: MeasureCatalog) -> String? {
        guard let p = c.current, p.status == .open else { return nil }
        return more(max(p.required - p.amount, .zero), c.measure, measures, atMost: c.cadence.atMost, by: p.days.end)
    }

    /// What a rhythm of `htl due` still needs or allows this period: "2
    /// more by 2026-11-29", "1 session more by …"; "1 left this week".
    static func due(_ r: DueList.Rhythm, _ measures: MeasureCatalog) -> String {
        guard r.cadence.cadence.atMost else {
            return more(r.remaining, r.cadence.measure, measures, atMost: false, by: r.period.days.end)
        }
        let amount = gap(r.remaining, r.cadence.measure, measures, atMost: true)
        return "\(amount) left \(thisPeriod(r.cadence.cadence.period)) (until \(r.period.days.end))"
    }

    /// "1 more by 2026-11-22" (actions), "1 session more by …", "at most
    /// 2.5 km more until …": a count rounded up when it is needed, down
    /// when it is a limit's room left.
    static func more(_ gap: ExactDecimal, _ measure: String, _ measures: MeasureCatalog, atMost: Bool, by: CivilDate)
        -> String
    {
        let amount = self.gap(gap, measure, measures, atMost: atMost)
        return atMost ? "at most \(amount) more until \(by)" : "\(amount) more by \(by)"
    }

    /// A gap in words (`3`, `90 min`, `1 session`): a count rounded up when
    /// it is needed, down when it is a limit's room left.
    static func gap(_ gap: ExactDecimal, _ measure: String, _ measures: MeasureCatalog, atMost: Bool) -> String {
        let whole = measures.words(for: measure).whole
        let shown = whole ? ExactDecimal(Int(atMost ? gap.floor : gap.ceiling)) : gap
        return measure == Goal.actionsMeasure
            ? TextLayout.amount(shown) : TextLayout.quantity(shown, measure, measures)
    }

    /// One symbol per period: ● met, ○ missed, ◌ open, – excused, · to come.
    static func symbol(_ status: CadenceProgress.Status) -> Character {
        switch status {
        case .met: return "●"
        case .missed: return "○"
        case .open: return "◌"
        case .excused: return "–"
        case .future: return "·"
        }
    }

    /// The strip of the latest periods and those to come, at most `limit` symbols.
    static func strip(_ c: CadenceProgress, limit: Int) -> String {
        let past = c.recent.suffix(limit).map { symbol($0.status) }
        let ahead = c.upcoming.prefix(max(limit - past.count, 0)).map(symbol)
        return String(past + ahead)
    }
}
