import HTLCore

/// A goal, milestone or obligation, `goals/<id>.md`.
public struct Goal: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case goal, milestone, obligation

        package var defaultImportance: Int {
            switch self {
            case .goal: return 8
            case .milestone: return 5
            case .obligation: return 2
            }
        }

        package var defaultUrgency: Int {
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
    public struct Target: Sendable, Equatable {
        /// The measure id (an alias in the file is resolved to its measure).
        package var measure: String
        package var amount: ExactDecimal
        public var location: SourceLocation

        package init(measure: String, amount: ExactDecimal, location: SourceLocation) {
            self.measure = measure
            self.amount = amount
            self.location = location
        }
    }

    /// How strongly the goal serves a value (1-10).
    public struct Alignment: Sendable, Equatable {
        public var value: String
        public var strength: Int
        public var location: SourceLocation

        package init(value: String, strength: Int, location: SourceLocation) {
            self.value = value
            self.strength = strength
            self.location = location
        }
    }

    public struct TermReference: Sendable, Equatable {
        public var number: Int
        public var location: SourceLocation

        package init(number: Int, location: SourceLocation) {
            self.number = number
            self.location = location
        }
    }

    /// A break from the goal's cadence: `2026-12-21..2027-01-03`.
    public struct Break: Sendable, Equatable {
        public var days: DateRange
        public var location: SourceLocation

        package init(days: DateRange, location: SourceLocation) {
            self.days = days
            self.location = location
        }
    }

    public struct ChecklistItem: Sendable, Hashable {
        public var text: String
        package var done: Bool
        public var line: Int

        package init(text: String, done: Bool, line: Int) {
            self.text = text
            self.done = done
            self.line = line
        }
    }

    public var id: String
    public var path: String
    public var title: String
    public var kind: Kind
    package var importance: Int
    public var urgency: Int
    public var start: CivilDate?
    public var target: CivilDate?
    package var weeks: Int?
    public var terms: [TermReference]
    public var targets: [Target]
    public var values: [Alignment]
    public var tags: [String]
    /// Rhythms to keep, in file order.
    public var cadences: [Cadence] = []
    /// Inclusive date ranges excused from cadence (holidays, illness).
    public var breaks: [Break] = []
    package var requestedBy: String?
    package var consequence: String?
    public var status: Status
    package var hasActionPlan: Bool
    public var checklist: [ChecklistItem]
    /// Where `start` and `target` are written, for date findings.
    package var startLocation: SourceLocation?
    package var targetLocation: SourceLocation?

    public var location: SourceLocation { SourceLocation(path: path, line: 1, column: 1) }

    /// [start, target], each bound perhaps open: a small value rules can
    /// keep per goal instead of the whole goal.
    package struct Window: Sendable {
        package var start: CivilDate?
        package var target: CivilDate?

        /// False when start is after target (a `date-order` error): rules about
        /// the window then stay quiet instead of repeating that error.
        package var isOrdered: Bool {
            guard let start, let target else { return true }
            return start <= target
        }

        /// Whether `date` lies in [start, target] (an absent bound is open).
        package func contains(_ date: CivilDate) -> Bool {
            if let start, date < start { return false }
            if let target, date > target { return false }
            return true
        }
    }

    package var window: Window { Window(start: start, target: target) }

    package var hasOrderedWindow: Bool { window.isOrdered }

    package func windowContains(_ date: CivilDate) -> Bool { window.contains(date) }

    package init(id: String, path: String, title: String, kind: Kind, importance: Int, urgency: Int, start: CivilDate? = nil, target: CivilDate? = nil, weeks: Int? = nil, terms: [TermReference], targets: [Target], values: [Alignment], tags: [String], requestedBy: String? = nil, consequence: String? = nil, status: Status, hasActionPlan: Bool, checklist: [ChecklistItem], startLocation: SourceLocation? = nil, targetLocation: SourceLocation? = nil) {
        self.id = id
        self.path = path
        self.title = title
        self.kind = kind
        self.importance = importance
        self.urgency = urgency
        self.start = start
        self.target = target
        self.weeks = weeks
        self.terms = terms
        self.targets = targets
        self.values = values
        self.tags = tags
        self.requestedBy = requestedBy
        self.consequence = consequence
        self.status = status
        self.hasActionPlan = hasActionPlan
        self.checklist = checklist
        self.startLocation = startLocation
        self.targetLocation = targetLocation
    }
}
