import HTLCore
import HTLModel

/// Units people log everywhere, with their names, types and conversions,
/// for measures an import has to create.
struct KnownUnit {
    struct Conversion: Equatable {
        var amount: String
        var unit: String
    }

    var id: String
    var title: String
    var kind: Measure.Kind
    var aliases: [String]
    var equals: Conversion?

    static func named(_ name: String) -> KnownUnit? {
        all.first { $0.id == name || $0.aliases.contains(name) }
    }

    /// The app's measure type names (and a few synonyms) as htl's types.
    static func kind(_ type: String) -> Measure.Kind? {
        let t = type.trimmingSpaces.lowercased()
        if let kind = Measure.Kind(rawValue: t) { return kind }
        switch t {
        case "duration": return .time
        case "weight": return .mass
        case "money": return .currency
        case "number", "quantity", "occurrences": return .count
        default: return nil
        }
    }

    /// A data table
    static let all: [KnownUnit] = [
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
