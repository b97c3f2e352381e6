import HTLCore
import HTLModel

/// How a goal keeps one cadence on one day (FORMAT.md §8).
public struct CadenceProgress: Sendable {
    public enum Status: String, Sendable {
        /// Kept (closed, or current and already enough; at most: closed within the limit).
        case met
        /// Not kept (closed short; at most: over the limit, current included).
        case missed
        /// The current period, not yet decided.
        case open
        /// Every counted day of it lies in a break.
        case excused
        /// After today.
        case future
    }

    /// One period of the window, clipped to it.
    public struct Period: Sendable, Equatable {
        public var days: DateRange
        /// N × counted days / days in the period, rounded half-even to 6
        /// digits for showing (compared exactly).
        public var required: ExactDecimal
        /// The amount logged in it so far.
        public var amount: ExactDecimal
        public var status: Status
    }

    public var cadence: Cadence
    /// The measure's id, or `actions`.
    public var measure: String
    /// The total over the window so far.
    public var actual: ExactDecimal
    /// met / periods; nil while no period counts (FORMAT.md §8).
    public var ratio: ExactDecimal?
    /// The ratio's denominator: every period of a dated window but the
    /// excused; for an open-ended goal the closed ones and a decided current one.
    public var periods: Int
    public var met: Int
    public var missed: Int
    public var excused: Int
    public var future: Int
    /// The period holding today; nil before the window starts or after it ends.
    public var current: Period?
    /// The latest decided period: the current one when already met or
    /// missed, else the latest closed one (excused ones skipped), however
    /// long ago. The streak counts back from it; the goal is behind when it
    /// was missed.
    public var latestDecided: Period?
    /// The latest periods up to today, oldest first (at most `recentLimit`).
    public var recent: [Period]
    /// The statuses of the periods after today (future or excused), first
    /// ones first (at most `recentLimit`).
    public var upcoming: [Status]
    public var streak: Int
    public var bestStreak: Int
    /// How well the rhythm holds, 0 to 1 (`HabitStrength`, FORMAT.md §8); nil before a period is decided.
    public var strength: ExactDecimal? = nil
    /// The window's first day; nil without a start.
    public var windowStart: CivilDate?

    /// How many periods `recent` keeps: half a year of weeks.
    package static let recentLimit = 26
}
