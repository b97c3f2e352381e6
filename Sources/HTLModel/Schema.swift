import HTLCore

/// The keys each file kind accepts, in canonical order (the order `htl fmt`
/// writes them, FORMAT.md §3-5).
public enum Schema {
    public static let settings = [
        "htl", "title", "term_weeks", "behind_margin", "week_start", "day_starts_at", "reminders", "rules",
    ]
    package static let measure = ["title", "type", "aliases", "equals"]
    public static let value = ["title", "level", "priority", "domain", "guidance"]
    public static let term = ["number", "title", "start", "end", "theme", "status"]
    public static let goal = [
        "title", "kind", "importance", "urgency", "start", "target", "weeks", "term",
        "targets", "values", "tags", "cadence", "breaks", "requested_by", "consequence", "status",
    ]

    /// How `htl fmt` writes a key's value.
    public enum FieldKind: Sendable, Equatable {
        /// Text: plain when YAML reads it back as the same string, else double-quoted.
        case text
        /// A number, date or word: written plain, exactly as read.
        case typed
        /// A list of text items, in flow style `[a, b]`.
        case textList
        /// A typed value or a flow list of them (`term: 7`, `term: [7, 8]`).
        case typedOrList
        /// A block mapping of typed values, entries in the user's order.
        case typedMapping
    }

    static let kinds: [String: FieldKind] = [
        "htl": .typed, "term_weeks": .typed, "behind_margin": .typed, "rules": .typedMapping,
        "type": .typed, "aliases": .textList, "equals": .text,
        "level": .typed, "priority": .typed, "domain": .text, "guidance": .text,
        "number": .typed, "start": .typed, "end": .typed, "theme": .text, "status": .typed,
        "title": .text, "kind": .typed, "importance": .typed, "urgency": .typed, "target": .typed,
        "weeks": .typed, "term": .typedOrList, "targets": .typedMapping, "values": .typedMapping,
        "tags": .textList, "cadence": .typedMapping, "breaks": .typedOrList, "requested_by": .text,
        "consequence": .text,
        "week_start": .typed, "day_starts_at": .text, "reminders": .textList,
    ]

    public static func kind(of key: String) -> FieldKind {
        kinds[key] ?? .text
    }
}
