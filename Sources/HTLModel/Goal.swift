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
    /// reference count for every String and array among them. A goal
    /// changed while its box is shared gets a box of its own (copy on write).
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

    private final class Box: @unchecked Sendable {
        // Written only through a goal that holds the one reference to it.
        // Not checked at run time for overlapping access: a write happens
        // only to a box no other goal shares (`ownBox`), inside an access to
        // the goal itself that the compiler already proves exclusive; the
        // run-time check cost some sixty instructions per field read
        // (every rule and view reads goals field by field).
        @exclusivity(unchecked) var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private var box: Box

    /// The box, made this goal's own first if it is shared. Not inlined:
    /// inlined, the copy of the fields became part of every setter's
    /// coroutine frame, too large for the caller's room, so each field set
    /// allocated one (584 bytes) even when the box was the goal's own.
    @inline(never)
    private mutating func ownBox() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        return box
    }

    public static func == (a: Goal, b: Goal) -> Bool {
        a.box === b.box || a.box.fields == b.box.fields
    }

    public var id: String {
        get { box.fields.id }
        _modify { yield &ownBox().fields.id }
    }
    public var path: String {
        get { box.fields.path }
        _modify { yield &ownBox().fields.path }
    }
    public var title: String {
        get { box.fields.title }
        _modify { yield &ownBox().fields.title }
    }
    public var kind: Kind {
        get { box.fields.kind }
        _modify { yield &ownBox().fields.kind }
    }
    package var importance: Int {
        get { box.fields.importance }
        _modify { yield &ownBox().fields.importance }
    }
    public var urgency: Int {
        get { box.fields.urgency }
        _modify { yield &ownBox().fields.urgency }
    }
    public var start: CivilDate? {
        get { box.fields.start }
        _modify { yield &ownBox().fields.start }
    }
    public var target: CivilDate? {
        get { box.fields.target }
        _modify { yield &ownBox().fields.target }
    }
    package var weeks: Int? {
        get { box.fields.weeks }
        _modify { yield &ownBox().fields.weeks }
    }
    public var terms: [TermReference] {
        get { box.fields.terms }
        _modify { yield &ownBox().fields.terms }
    }
    public var targets: [Target] {
        get { box.fields.targets }
        _modify { yield &ownBox().fields.targets }
    }
    public var values: [Alignment] {
        get { box.fields.values }
        _modify { yield &ownBox().fields.values }
    }
    public var tags: [String] {
        get { box.fields.tags }
        _modify { yield &ownBox().fields.tags }
    }
    /// Rhythms to keep, in file order.
    public var cadences: [Cadence] {
        get { box.fields.cadences }
        _modify { yield &ownBox().fields.cadences }
    }
    /// Inclusive date ranges excused from cadence (holidays, illness).
    public var breaks: [Break] {
        get { box.fields.breaks }
        _modify { yield &ownBox().fields.breaks }
    }
    package var requestedBy: String? {
        get { box.fields.requestedBy }
        _modify { yield &ownBox().fields.requestedBy }
    }
    package var consequence: String? {
        get { box.fields.consequence }
        _modify { yield &ownBox().fields.consequence }
    }
    public var status: Status {
        get { box.fields.status }
        _modify { yield &ownBox().fields.status }
    }
    package var hasActionPlan: Bool {
        get { box.fields.hasActionPlan }
        _modify { yield &ownBox().fields.hasActionPlan }
    }
    public var checklist: [ChecklistItem] {
        get { box.fields.checklist }
        _modify { yield &ownBox().fields.checklist }
    }
    /// Where `start` and `target` are written, for date findings.
    package var startLocation: SourceLocation? {
        get { box.fields.startLocation }
        _modify { yield &ownBox().fields.startLocation }
    }
    package var targetLocation: SourceLocation? {
        get { box.fields.targetLocation }
        _modify { yield &ownBox().fields.targetLocation }
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

    package init(id: String, path: String, title: String, kind: Kind, importance: Int, urgency: Int, start: CivilDate? = nil, target: CivilDate? = nil, weeks: Int? = nil, terms: [TermReference], targets: [Target], values: [Alignment], tags: [String], requestedBy: String? = nil, consequence: String? = nil, status: Status, hasActionPlan: Bool, checklist: [ChecklistItem], startLocation: SourceLocation? = nil, targetLocation: SourceLocation? = nil) {
        box = Box(Fields(id: id, path: path, title: title, kind: kind, importance: importance, urgency: urgency, start: start, target: target, weeks: weeks, terms: terms, targets: targets, values: values, tags: tags, requestedBy: requestedBy, consequence: consequence, status: status, hasActionPlan: hasActionPlan, checklist: checklist, startLocation: startLocation, targetLocation: targetLocation))
    }
}
