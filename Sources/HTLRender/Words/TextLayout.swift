import HTLCore
import HTLJSON
import HTLModel
import HTLProgress

/// Width-aware text helpers for terminal reports. Widths count grapheme
/// clusters; no locale is involved.
///
/// Every helper that takes text escapes it for the terminal first
/// (`TerminalText`), so user text laid out through them can never carry a
/// control character; text printed without them is escaped by `user(_:)`.
package enum TextLayout {
    /// User text as it may reach a terminal.
    static func user(_ s: String) -> String {
        TerminalText.escaped(s)
    }

    /// Cut to `width` with a trailing "…" when too long.
    static func truncate(_ s: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        let s = user(s)
        guard s.count > width else { return s }
        return String(s.prefix(max(width - 1, 0))) + "…"
    }

    static func padRight(_ s: String, _ width: Int) -> String {
        let s = user(s)
        return s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }

    static func padLeft(_ s: String, _ width: Int) -> String {
        let s = user(s)
        return s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }

    /// Whole percent, rounded down so that 99.6 % never reads as done: "41%".
    package static func percent(_ value: ExactDecimal?) -> String {
        guard let value else { return "—" }
        return String(value.multiplied(by: 100).floor) + "%"
    }

    /// A progress bar of `width` cells.
    static func bar(_ value: ExactDecimal?, width: Int) -> String {
        guard let value else { return String(repeating: "·", count: width) }
        let clamped = min(max(value, .zero), .one)
        let filled = Int(clamped.multiplied(by: width).floor)
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    /// "in 49 days", "today", "21 days ago".
    static func relativeDays(_ days: Int) -> String {
        switch days {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case let d where d > 1: return "in \(d) days"
        default: return "\(-days) days ago"
        }
    }

    static func plural(_ n: Int, _ word: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? word : (plural ?? word + "s"))
    }

    /// A target's figures as a person reads them: "41.5 / 100 km",
    /// "1 / 6 books", "0 / 1 book" (at most two decimals; JSON keeps the
    /// exact value). The unit goes with the target.
    static func amounts(_ t: GoalProgress.TargetProgress, _ measures: MeasureCatalog) -> String {
        "\(amount(t.actual)) / " + quantity(t.target, t.measure, measures)
    }

    /// An amount and its unit as a person reads it: "41.5 km", "1 book",
    /// "3 books", "1 hour". A `needed` amount (what is still to do) of a
    /// count is rounded up to a whole number: 0.49 books still needed is
    /// "1 book" (FORMAT.md §4).
    static func quantity(_ value: ExactDecimal, _ measure: String, _ measures: MeasureCatalog, needed: Bool = false)
        -> String
    {
        let words = measures.words(for: measure)
        let text = needed && words.whole ? String(value.ceiling) : amount(value)
        return text + " " + (text == "1" ? words.singular : words.plural)
    }

    /// A rate of a target as a person reads it: "1.17/day", and for a count
    /// whole numbers: "2/day", "3/week", "1 every 10 days", "none". A `needed` rate
    /// of a count is rounded up (to finish on time), one so far to the
    /// nearest (FORMAT.md §4).
    static func rate(perDay: ExactDecimal, _ measure: String, _ measures: MeasureCatalog, needed: Bool) -> String {
        guard measures.words(for: measure).whole else { return rate(perDay) + "/day" }
        let perWeek = perDay.multiplied(by: 7)
        func whole(_ x: ExactDecimal) -> Int128 { needed ? x.ceiling : x.rounded(toFractionDigits: 0).floor }
        if !perDay.isPositive { return "none" }
        if !(perDay < .one) { return "\(whole(perDay))/day" }
        if !(perWeek < .one) { return "\(whole(perWeek))/week" }
        // Less than one a week: one every so many days (fewer days when needed).
        let days = ExactDecimal.one.divided(by: perDay) ?? .zero
        let every = needed ? days.floor : days.rounded(toFractionDigits: 0).floor
        return "1 every \(every) days"
    }

    static func amount(_ value: ExactDecimal) -> String {
        value.rounded(toFractionDigits: 2).description
    }

    /// A number to two decimal places for rates: "1.17".
    static func rate(_ value: ExactDecimal) -> String {
        value.formatted(fractionDigits: 2)
    }

    /// Pieces joined by `separator`, wrapped to lines of `width` after
    /// `indent`. Each piece is laid out by its plain text and printed styled.
    static func wrap(_ pieces: [(plain: String, styled: String)], separator: String = ",", width: Int, indent: String)
        -> String
    {
        var lines: [String] = []
        var current = ""
        var used = 0
        for (i, piece) in pieces.enumerated() {
            let tail = i + 1 < pieces.count ? separator : ""
            let length = piece.plain.count + tail.count
            if used > 0, indent.count + used + 1 + length > width {
                lines.append(current)
                current = ""
                used = 0
            }
            if used > 0 {
                current += " "
                used += 1
            }
            current += piece.styled + tail
            used += length
        }
        if used > 0 { lines.append(current) }
        return lines.map { indent + $0 + "\n" }.joined()
    }

    static func wrap(_ words: [String], separator: String = ",", width: Int, indent: String) -> String {
        wrap(words.map { (user($0), user($0)) }, separator: separator, width: width, indent: indent)
    }

    /// Prose wrapped at spaces: `label` starts the first line, later lines are indented to match.
    static func paragraph(_ label: String, _ text: String, width: Int) -> String {
        let words = text.split(separator: " ").map(String.init)
        let indent = String(repeating: " ", count: label.count)
        let body = wrap(words, separator: "", width: width, indent: indent)
        return label + body.dropFirst(indent.count)
    }

    /// `Sun 22 Nov 2026`.
    package static func longDate(_ d: CivilDate) -> String {
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let (y, m, day) = d.parts
        return "\(days[d.isoWeekday - 1]) \(day) \(months[m - 1]) \(y)"
    }

    /// The one count of actions in words: "14 actions · 1 correction · 2 to
    /// come", the parts that are zero left out ("0 actions" when all are).
    package static func count(_ c: ActionCount) -> String {
        var parts = [plural(c.actions, "action")]
        if c.corrections > 0 { parts.append(plural(c.corrections, "correction")) }
        if c.toCome > 0 { parts.append("\(c.toCome) to come") }
        return parts.joined(separator: " · ")
    }
}
