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

    /// The fields, kept in one box that copies share: rules, views and the
    /// progress engine copy goals as they walk them (fifteen copies and more
    /// per goal in a check), and a copy of the fields themselves was a
    /// reference count for every String and array among them.
    private struct Fields: Equatable {
        var id: String
        var path: String
        var title: String
        var kind: Kind
        var importance: Int
        var urgency: Int
        var start: CivilDate?
        var target: CivilDate?
        var weeks: Int?
        var terms: [TermReference]
        var targets: [Target]
        var values: [Alignment]
        var tags: [String]
        var cadences: [Cadence] = []
        var breaks: [Break] = []
        var requestedBy: String?
        var consequence: String?
        var status: Status
        var hasActionPlan: Bool
        var checklist: [ChecklistItem]
        var startLocation: SourceLocation?
        var targetLocation: SourceLocation?
    }

    /// The fields, in an array of one: the array is the copy-on-write box
    /// (copies of the goal share it; a change to a goal whose fields are
    /// shared copies them first), with Swift's checks intact.
    private var boxed: [Fields]

    public static func == (a: Goal, b: Goal) -> Bool {
        a.boxed == b.boxed
    }

    public var id: String {
        get { boxed[0].id }
        _modify { yield &boxed[0].id }
    }
    public var path: String {
        get { boxed[0].path }
        _modify { yield &boxed[0].path }
    }
    public var title: String {
        get { boxed[0].title }
        _modify { yield &boxed[0].title }
    }
    public var kind: Kind {
        get { boxed[0].kind }
        _modify { yield &boxed[0].kind }
    }
    package var importance: Int {
        get { boxed[0].importance }
        _modify { yield &boxed[0].importance }
    }
    public var urgency: Int {
        get { boxed[0].urgency }
        _modify { yield &boxed[0].urgency }
    }
    public var start: CivilDate? {
        get { boxed[0].start }
        _modify { yield &boxed[0].start }
    }
    public var target: CivilDate? {
        get { boxed[0].target }
        _modify { yield &boxed[0].target }
    }
    package var weeks: Int? {
        get { boxed[0].weeks }
        _modify { yield &boxed[0].weeks }
    }
    public var terms: [TermReference] {
        get { boxed[0].terms }
        _modify { yield &boxed[0].terms }
    }
    public var targets: [Target] {
        get { boxed[0].targets }
        _modify { yield &boxed[0].targets }
    }
    public var values: [Alignment] {
        get { boxed[0].values }
        _modify { yield &boxed[0].values }
    }
    public var tags: [String] {
        get { boxed[0].tags }
        _modify { yield &boxed[0].tags }
    }
    /// Rhythms to keep, in file order.
    public var cadences: [Cadence] {
        get { boxed[0].cadences }
        _modify { yield &boxed[0].cadences }
    }
    /// Inclusive date ranges excused from cadence (holidays, illness).
    public var breaks: [Break] {
        get { boxed[0].breaks }
        _modify { yield &boxed[0].breaks }
    }
    package var requestedBy: String? {
        get { boxed[0].requestedBy }
        _modify { yield &boxed[0].requestedBy }
    }
    package var consequence: String? {
        get { boxed[0].consequence }
        _modify { yield &boxed[0].consequence }
    }
    public var status: Status {
        get { boxed[0].status }
        _modify { yield &boxed[0].status }
    }
    package var hasActionPlan: Bool {
        get { boxed[0].hasActionPlan }
        _modify { yield &boxed[0].hasActionPlan }
    }
    public var checklist: [ChecklistItem] {
        get { boxed[0].checklist }
        _modify { yield &boxed[0].checklist }
    }
    /// Where `start` and `target` are written, for date findings.
    package var startLocation: SourceLocation? {
        get { boxed[0].startLocation }
        _modify { yield &boxed[0].startLocation }
    }
    package var targetLocation: SourceLocation? {
        get { boxed[0].targetLocation }
        _modify { yield &boxed[0].targetLocation }
    }

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

    package init(
        id: String, path: String, title: String, kind: Kind, importance: Int, urgency: Int, start: CivilDate? = nil,
        target: CivilDate? = nil, weeks: Int? = nil, terms: [TermReference], targets: [Target], values: [Alignment],
        tags: [String], requestedBy: String? = nil, consequence: String? = nil, status: Status, hasActionPlan: Bool,
        checklist: [ChecklistItem], startLocation: SourceLocation? = nil, targetLocation: SourceLocation? = nil
    ) {
        boxed = [
            Fields(
                id: id, path: path, title: title, kind: kind, importance: importance, urgency: urgency, start: start,
                target: target, weeks: weeks, terms: terms, targets: targets, values: values, tags: tags,
                requestedBy: requestedBy, consequence: consequence, status: status, hasActionPlan: hasActionPlan,
                checklist: checklist, startLocation: startLocation, targetLocation: targetLocation)
        ]
    }
}
