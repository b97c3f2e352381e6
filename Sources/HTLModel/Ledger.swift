/// The whole ledger in memory: the domain model, and nothing about how it
/// was read (that is `ParsedLedger`'s).
public struct Ledger: Sendable, Equatable {
    public var settings = Settings()
    public var measures = MeasureCatalog()
    public var values: [Value] = []
    public var terms: [Term] = []
    public var goals: [Goal] = []
    /// In file order (path, then line).
    public var actions: [Action] = []

    public init() {}

    public func goal(_ id: String) -> Goal? { goals.first { $0.id == id } }
    public func value(_ id: String) -> Value? { values.first { $0.id == id } }
}
