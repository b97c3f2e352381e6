import HTLCore

/// A unit that targets and quantities use, declared in `measures.yaml`.
public struct Measure: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case distance, time, count, mass, energy, currency, other
    }

    /// A declared conversion: one of this measure equals `amount` of `unit`.
    public struct Conversion: Sendable, Equatable {
        package var amount: ExactDecimal
        /// The unit as written (an id or an alias).
        package var unit: String
        public var location: SourceLocation

        package init(amount: ExactDecimal, unit: String, location: SourceLocation) {
            self.amount = amount
            self.unit = unit
            self.location = location
        }
    }

    public var id: String
    public var title: String
    public var kind: Measure.Kind
    package var aliases: [String]
    package var equals: Conversion?
    public var location: SourceLocation

    public init(
        id: String, title: String? = nil, kind: Measure.Kind = .other, aliases: [String] = [],
        equals: Conversion? = nil, location: SourceLocation
    ) {
        self.id = id
        self.title = title ?? id
        self.kind = kind
        self.aliases = aliases
        self.equals = equals
        self.location = location
    }
}

extension Measure {
    /// The word for one of it: the alias its id is the plural of (`books`
    /// with the alias `book`, `hours` with `hour`); for a count without
    /// one, its id without the plural ending (`pages` → `page`, `stories`
    /// → `story`); else its id (`km`, `min`).
    public var singular: String {
        if let alias = aliases.first(where: { Measure.plural(of: $0).contains(id) }) { return alias }
        guard kind == .count else { return id }
        return Measure.singular(ofPlural: id)
    }

    /// The plurals English makes of `word`: `book` → books, `glass` →
    /// glasses, `story` → stories.
    static func plural(of word: String) -> [String] {
        var forms = [word + "s", word + "es"]
        if word.hasSuffix("y") { forms.append(word.dropLast() + "ies") }
        return forms
    }

    /// `pages` → page, `stories` → story, `boxes` → box, `glasses` →
    /// glass; a word that is not a plural is itself (`chess`, `km`).
    static func singular(ofPlural word: String) -> String {
        if word.count > 3, word.hasSuffix("ies") { return word.dropLast(3) + "y" }
        for ending in ["sses", "shes", "ches", "xes", "zes"] where word.count > ending.count && word.hasSuffix(ending) {
            return String(word.dropLast(2))
        }
        if word.count > 1, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") {
            return String(word.dropLast())
        }
        return word
    }
}
