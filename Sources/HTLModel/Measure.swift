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
