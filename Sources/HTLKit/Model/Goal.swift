/// A goal, milestone or obligation, `goals/<id>.md`.
public struct Goal: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case goal, milestone, obligation

        public var defaultImportance: Int {
            switch self {
            case .goal: return 8
            case .milestone: return 5
            case .obligation: return 2
            }
        }

        public var defaultUrgency: Int {
            switch self {
            case .goal: return 5
            case .milestone: return 8
            case .obligation: return 6
            }
        }
    }

    public enum Status: String, Sendable, CaseIterable {
        case active, done, dropped
    }

    /// A measurable target: reach `amount` of `measure`.
    public struct Target: Sendable {
        /// The measure id (an alias in the file is resolved to its measure).
        public var measure: String
        public var amount: ExactDecimal
        public var location: SourceLocation
    }

    /// How strongly the goal serves a value (1-10).
    public struct Alignment: Sendable {
        public var value: String
        public var strength: Int
        public var location: SourceLocation
    }

    public struct TermReference: Sendable {
        public var number: Int
        public var location: SourceLocation
    }

    public struct ChecklistItem: Sendable, Hashable {
        public var text: String
        public var done: Bool
        public var line: Int
    }

    public var id: String
    public var path: String
    public var title: String
    public var kind: Kind
    public var importance: Int
    public var urgency: Int
    public var start: CivilDate?
    public var target: CivilDate?
    public var weeks: Int?
    public var terms: [TermReference]
    public var targets: [Target]
    public var values: [Alignment]
    public var tags: [String]
    public var requestedBy: String?
    public var consequence: String?
    public var status: Status
    public var hasActionPlan: Bool
    public var checklist: [ChecklistItem]
    /// Where `start` and `target` are written, for date findings.
    public var startLocation: SourceLocation?
    public var targetLocation: SourceLocation?

    public var location: SourceLocation { SourceLocation(path: path, line: 1, column: 1) }

    /// False when start is after target (a `date-order` error): rules about
    /// the window then stay quiet instead of repeating that error.
    public var hasOrderedWindow: Bool {
        guard let start, let target else { return true }
        return start <= target
    }

    /// Whether `date` lies in [start, target] (an absent bound is open).
    public func windowContains(_ date: CivilDate) -> Bool {
        if let start, date < start { return false }
        if let target, date > target { return false }
        return true
    }
}
