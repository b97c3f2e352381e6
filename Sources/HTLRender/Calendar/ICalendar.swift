import HTLCore
import HTLModel
import HTLProgress

/// `htl calendar`: goal target dates, milestones, obligation deadlines and
/// term starts and ends as all-day events of an iCalendar file (RFC 5545);
/// each due date of a goal in play rings an alarm per lead time of
/// htl.yaml's `reminders`.
///
/// A pure function of the ledger and the progress report. UIDs come from
/// the ledger's title and the ids alone, so a calendar subscribed to the
/// file updates its events instead of adding new ones; DTSTAMP is today at
/// midnight UTC (no clock is read).
public enum ICalendar {
    public static func render(ledger: Ledger, report: ProgressReport) -> String {
        let domain = uidDomain(ledger.settings.title)
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//htl//htl calendar//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:" + escaped(ledger.settings.title ?? "htl"),
        ]
        // Today is a day htl can write (--today and the clock give years 1-9999).
        let stamp = "DTSTAMP:" + compact(report.today) + "T000000Z"
        for g in report.goals where g.state != .dropped {
            guard let target = g.goal.target else { continue }
            lines += event(
                uid: "goal-\(g.id)@\(domain)", stamp: stamp, day: target,
                summary: summaryPrefix(g.goal.kind) + g.goal.title, description: description(g, ledger: ledger),
                categories: g.goal.kind.rawValue, alarms: g.state.isOpen ? ledger.settings.reminders : [])
        }
        for t in report.terms {
            let name = "Term \(t.term.number)" + (t.term.title == "Term \(t.term.number)" ? "" : " · \(t.term.title)")
            var about = [String]()
            if let theme = t.term.theme { about.append(theme) }
            about.append(
                TextLayout.plural(t.goals.count, "goal")
                    + (t.goals.isEmpty ? "" : ": " + t.goals.joined(separator: ", ")))
            lines += event(
                uid: "term-\(t.term.number)-start@\(domain)", stamp: stamp, day: t.term.start,
                summary: "\(name) starts", description: about.joined(separator: "\n"), categories: "term")
            lines += event(
                uid: "term-\(t.term.number)-end@\(domain)", stamp: stamp, day: t.term.end,
                summary: "\(name) ends", description: about.joined(separator: "\n"), categories: "term")
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    static func summaryPrefix(_ kind: Goal.Kind) -> String {
        switch kind {
        case .goal: return "Due: "
        case .milestone: return "Milestone: "
        case .obligation: return "Deadline: "
        }
    }

    /// An all-day event. DTEND is the next day, except on 9999-12-31, the
    /// last day RFC 5545's four-digit years can name: there it is left out,
    /// which means the same (RFC 5545 §3.6.1: a DATE start without an end
    /// lasts one day). A day no DATE can hold gives no event.
    static func event(
        uid: String, stamp: String, day: CivilDate, summary: String, description: String, categories: String,
        alarms: [Int] = []
    ) -> [String] {
        guard let start = date(day) else { return [] }
        let ringing = alarms.flatMap { lead in
            [
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + escaped(summary), "TRIGGER:" + trigger(lead),
                "END:VALARM",
            ]
        }
        return [
            "BEGIN:VEVENT", "UID:" + uid, stamp, "DTSTART;VALUE=DATE:" + start,
        ] + (date(day.adding(days: 1)).map { ["DTEND;VALUE=DATE:" + $0] } ?? []) + [
            "SUMMARY:" + escaped(summary), "DESCRIPTION:" + escaped(description),
            "CATEGORIES:htl," + escaped(categories), "TRANSP:TRANSPARENT",
        ] + ringing + ["END:VEVENT"]
    }

    /// An alarm `minutes` before the event's start (RFC 5545 §3.3.6):
    /// `-P1W`, `-P1D`, `-PT2H`, `-PT30M`; `PT0M` at the start.
    static func trigger(_ minutes: Int) -> String {
        if minutes == 0 { return "PT0M" }
        if minutes % 10_080 == 0 { return "-P\(minutes / 10_080)W" }
        if minutes % 1_440 == 0 { return "-P\(minutes / 1_440)D" }
        if minutes % 60 == 0 { return "-PT\(minutes / 60)H" }
        return "-PT\(minutes)M"
    }

    /// A DATE value (`20261122`), nil outside 0001-01-01...9999-12-31.
    static func date(_ day: CivilDate) -> String? {
        guard day <= CivilDate.latest, day.year >= 1 else { return nil }
        return compact(day)
    }

    /// State and progress, each target's figures, and who asked and what
    /// missing it costs (obligations).
    static func description(_ g: GoalProgress, ledger: Ledger) -> String {
        var lines = [g.state.words + (g.progress.map { " · " + TextLayout.percent($0) } ?? "")]
        for t in g.targets { lines.append(TextLayout.amounts(t, ledger.measures)) }
        if g.checklistTotal > 0 { lines.append("checklist \(g.checklistDone) of \(g.checklistTotal) done") }
        if let by = g.goal.requestedBy { lines.append("requested by " + by) }
        if let consequence = g.goal.consequence { lines.append("if missed: " + consequence) }
        lines.append("htl progress " + g.id)
        return lines.joined(separator: "\n")
    }

    /// `20261122`.
    static func compact(_ day: CivilDate) -> String {
        String(day.description.filter { $0 != "-" })
    }

    /// The ledger's title as a host-like name: lowercase letters and digits,
    /// other runs as one hyphen; `ledger.htl` without one.
    static func uidDomain(_ title: String?) -> String {
        var slug = String((Identifier.suggestedID(title ?? "") ?? "").prefix(60))
        while slug.hasSuffix("-") { slug.removeLast() }
        return (slug.isEmpty ? "ledger" : slug) + ".htl"
    }

    /// TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and
    /// newline; other control characters become spaces (a content line
    /// cannot hold them).
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += " "
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Lines longer than 75 octets folded (RFC 5545 §3.1): a break before
    /// the 76th octet, continued after one space, never inside a character.
    static func folded(_ line: String) -> String {
        var out = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > 75 {
                out += "\r\n "
                octets = 1
            }
            out.unicodeScalars.append(scalar)
            octets += size
        }
        return out
    }
}
