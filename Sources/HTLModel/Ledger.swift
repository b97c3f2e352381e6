import HTLCore

/// The whole ledger in memory: what the parser built from the files.
public struct Ledger: Sendable {
    public var settings = Settings()
    public var measures = MeasureCatalog()
    public var values: [Value] = []
    public var terms: [Term] = []
    public var goals: [Goal] = []
    /// In file order (path, then line).
    public var actions: [Action] = []
    /// Links written on log lines that had other errors: they count toward
    /// nothing, but an unknown goal among them is still reported.
    public var linksOnRejectedLines: [(location: SourceLocation, goal: String)] = []
    /// Every file htl read, in path byte order.
    public var files: [SourceFile] = []
    /// Ids of value, term and goal files that could not be read into the
    /// model (broken YAML, missing required keys): references to them are
    /// not reported again as unknown.
    public var unloadedValueIDs: Set<String> = []
    public var unloadedTermIDs: Set<String> = []
    public var unloadedGoalIDs: Set<String> = []
    /// Paths of files with errors found while reading them; advice (warnings)
    /// about such files waits until the errors are fixed.
    public var pathsWithErrors: Set<String> = []
    /// measures.yaml exists but could not be read (broken YAML, not a regular
    /// file): unknown units and measures are not reported until it is fixed.
    public var measuresUnreadable = false

    public init() {}

    public func goal(_ id: String) -> Goal? { goals.first { $0.id == id } }
    public func value(_ id: String) -> Value? { values.first { $0.id == id } }

    /// The file at a path, when htl read it.
    public func file(at path: String) -> SourceFile? {
        files.first { $0.path == path }
    }
}
