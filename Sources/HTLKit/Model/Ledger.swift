/// The whole ledger in memory: what the parser built from the files.
public struct Ledger: Sendable {
    public var settings = Settings()
    public var measures = MeasureCatalog()
    public var values: [Value] = []
    public var terms: [Term] = []
    public var goals: [Goal] = []
    /// In file order (path, then line).
    public var actions: [Action] = []
    /// Every file htl read, in path byte order.
    public var files: [SourceFile] = []

    public init() {}

    public func goal(_ id: String) -> Goal? { goals.first { $0.id == id } }
    public func value(_ id: String) -> Value? { values.first { $0.id == id } }
    public func term(number: Int) -> Term? { terms.first { $0.number == number } }

    /// The file at a path, when htl read it.
    public func file(at path: String) -> SourceFile? {
        files.first { $0.path == path }
    }
}
