import HTLCore
import HTLProgress

/// How a term stands in time, in words, the same in every report: an
/// upcoming term "starts in 136 days", an active one is "week 3 of 10 · 49
/// days left", a finished one "ended 2026-11-01"; a status set by hand
/// (planned, on hold, …) is said first.
enum TermWords {
    static func timing(_ t: TermProgress, today: CivilDate) -> [String] {
        var parts: [String] = []
        switch t.state {
        case .upcoming, .active, .complete: break
        default: parts.append(t.state.rawValue.replacingAll("_", " "))
        }
        if today < t.term.start {
            let days = today.days(until: t.term.start)
            parts.append(days == 1 ? "starts tomorrow" : "starts in \(days) days")
            parts.append(TextLayout.plural(t.weeks, "week"))
        } else if today <= t.term.end {
            if let week = t.week { parts.append("week \(week) of \(t.weeks)") }
            parts.append(t.daysLeft == 0 ? "last day" : TextLayout.plural(t.daysLeft, "day") + " left")
        } else {
            parts.append("ended \(t.term.end)")
            parts.append(TextLayout.plural(t.weeks, "week"))
        }
        return parts
    }
}
