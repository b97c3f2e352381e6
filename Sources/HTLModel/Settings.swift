import HTLCore

/// `htl.yaml`: the ledger's settings.
public struct Settings: Sendable, Equatable {
    package static let defaultTermWeeks = 10
    package static let defaultBehindMargin = ExactDecimal(millionths: 100_000)

    public var version: Int = 1
    public var title: String?
    package var termWeeks: Int = Settings.defaultTermWeeks
    package var behindMargin: ExactDecimal = Settings.defaultBehindMargin
    /// The first day of a cadence week.
    package var weekStart: Weekday = .monday
    /// Before this time of day, "today" is still yesterday (night owls).
    package var dayStartsAt: ClockTime = ClockTime(hour: 0, minute: 0)!
    /// Severities set in `rules:`, in file order.
    public var rules: [RuleSetting] = []
    /// How long before a due date `htl calendar`'s alarms ring, in minutes
    /// (`reminders: [1d, 2h]`; default one day; empty: no alarm).
    public var reminders: [Int] = [Settings.minutesPerDay]

    package static let minutesPerDay = 1_440
    public var location: SourceLocation = SourceLocation(path: LedgerLayout.settingsFile, line: 1, column: 1)

    public init() {}

    /// Today for a command run at `now`.
    public func today(at now: Now) -> CivilDate {
        now.today(dayStartsAt: dayStartsAt)
    }
}

/// One line of `rules:` in htl.yaml.
public struct RuleSetting: Sendable, Hashable {
    public enum Level: String, Sendable, CaseIterable {
        case off, warning, error
    }

    public var rule: RuleID
    package var level: Level
    /// Where the level is written.
    public var location: SourceLocation

    public init(rule: RuleID, level: Level, location: SourceLocation = .start(of: "htl.yaml")) {
        self.rule = rule
        self.level = level
        self.location = location
    }
}
