import HTLCore
import HTLFormat
import HTLModel

/// Units people log everywhere, with the names they type for them, their
/// types and conversions: the measures `htl init` declares and those an
/// import has to create, so that `1.5h`, `20mins` and `5kilometers` read in
/// a ledger either made.
package struct KnownUnit: Sendable {
    package struct Conversion: Equatable, Sendable {
        package var amount: String
        package var unit: String
    }

    package var id: String
    package var title: String
    package var kind: Measure.Kind
    /// Every other name people type for it (plural, singular, abbreviated),
    /// each unambiguous among the units here: no `m` (metres or minutes),
    /// no `k` (kilometres, or a thousand of anything).
    package var aliases: [String]
    package var equals: Conversion?

    package static func named(_ name: String) -> KnownUnit? {
        all.first { $0.id == name || $0.aliases.contains(name) }
    }

    /// The unit's entry in measures.yaml, its conversion to `id` as declared.
    package var yaml: String {
        Self.entry(id: id, title: title, kind: kind, aliases: aliases, equals: equals.map { "\($0.amount) \($0.unit)" })
    }

    /// A measure's entry in measures.yaml, in canonical form (what `fmt` writes).
    package static func entry(id: String, title: String, kind: Measure.Kind, aliases: [String], equals: String?)
        -> String
    {
        var text = "\(id):\n  title: \(YAMLScalarWriter.text(title))\n  type: \(kind.rawValue)\n"
        if !aliases.isEmpty { text += "  aliases: [\(aliases.joined(separator: ", "))]\n" }
        if let equals { text += "  equals: \(equals)\n" }
        return text
    }

    /// A data table
    package static let all: [KnownUnit] = [
        KnownUnit(id: "min", title: "Minutes", kind: .time, aliases: ["minutes", "minute", "mins"]),
        KnownUnit(
            id: "hours", title: "Hours", kind: .time, aliases: ["hour", "h", "hr", "hrs"],
            equals: Conversion(amount: "60", unit: "min")),
        KnownUnit(
            id: "km", title: "Distance", kind: .distance,
            aliases: ["kilometres", "kilometers", "kilometre", "kilometer"]),
        KnownUnit(id: "m", title: "Metres", kind: .distance, aliases: ["metres", "meters", "metre", "meter"]),
        KnownUnit(
            id: "mi", title: "Miles", kind: .distance, aliases: ["miles", "mile"],
            equals: Conversion(amount: "1.609344", unit: "km")),
        KnownUnit(id: "kg", title: "Kilograms", kind: .mass, aliases: ["kilograms", "kilogram", "kilos", "kilo"]),
        KnownUnit(id: "g", title: "Grams", kind: .mass, aliases: ["grams", "gram"]),
        KnownUnit(id: "kcal", title: "Calories", kind: .energy, aliases: ["calories", "calorie", "cal"]),
        KnownUnit(id: "pages", title: "Pages", kind: .count, aliases: ["page"]),
        KnownUnit(id: "sessions", title: "Sessions", kind: .count, aliases: ["session"]),
        KnownUnit(id: "occasions", title: "Occasions", kind: .count, aliases: ["occasion", "times"]),
        KnownUnit(id: "steps", title: "Steps", kind: .count, aliases: ["step"]),
        KnownUnit(id: "reps", title: "Repetitions", kind: .count, aliases: ["rep", "repetitions", "repetition"]),
        KnownUnit(id: "words", title: "Words", kind: .count, aliases: ["word"]),
        KnownUnit(id: "books", title: "Books", kind: .count, aliases: ["book"]),
        KnownUnit(id: "eur", title: "Euros", kind: .currency, aliases: ["euros", "euro"]),
        KnownUnit(id: "usd", title: "US dollars", kind: .currency, aliases: ["dollars", "dollar"]),
        KnownUnit(id: "gbp", title: "Pounds sterling", kind: .currency, aliases: ["pounds"]),
    ]
}
