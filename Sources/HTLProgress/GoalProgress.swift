import HTLCore
import HTLModel

/// Everything htl computes about one goal on one day.
public struct GoalProgress: Sendable {
    public struct TargetProgress: Sendable {
        public var measure: String
        public var target: ExactDecimal
        /// Sum of counted quantities in this measure and those convertible to it.
        public var actual: ExactDecimal
        /// actual / target, not capped, rounded half-even to 6 digits.
        public var ratio: ExactDecimal
        /// max(target − actual, 0).
        public var remaining: ExactDecimal
        /// What must be done per day from today to the target date (inclusive) to finish on time.
        public var neededPerDay: ExactDecimal?
        public var neededPerWeek: ExactDecimal?
        /// Average per day since the goal started.
        public var currentPerDay: ExactDecimal?
    }

    public var goal: Goal
    /// Indices into `ledger.actions` of the actions that count toward the
    /// goal as of today, in file order.
    public var actionIndices: ActionPositions
    /// Actions dated after today that will count once their day comes:
    /// listed, never counted (FORMAT.md §7).
    public var upcomingActionIndices: ActionPositions
    /// The counted actions, then those to come.
    public var allActionIndices: [Int] {
        var all: [Int] = []
        all.reserveCapacity(actionIndices.count + upcomingActionIndices.count)
        all.append(contentsOf: actionIndices)
        all.append(contentsOf: upcomingActionIndices)
        return all
    }
    public var targets: [TargetProgress]
    /// One per cadence measure, in file order (FORMAT.md §8).
    public var cadences: [CadenceProgress]
    public var checklistDone: Int
    public var checklistTotal: Int
    /// Mean of capped ratios (cadence ratios included), or checklist share,
    /// or nil (FORMAT.md §8).
    public var progress: ExactDecimal?
    public var state: GoalState
    /// target − today; nil without a target date.
    public var daysLeft: Int?
    /// Elapsed share of [start, target] today, clamped to [0, 1]; nil without both dates.
    public var elapsed: ExactDecimal?
    /// When progress reaches 1 at the current pace; nil when unknown or already complete.
    public var projectedFinish: CivilDate?
    /// Days ahead of an even pace (negative when behind); nil when unknown.
    public var paceDays: Int?
    /// The counted actions of the last 30 days (today's included), found
    /// while counting: value insights read these instead of every action again.
    package var lastThirtyDays: ActionPositions = []

    public var id: String { goal.id }

    /// Importance that stands out from the default 8: 9 or 10, on a goal
    /// still in play (not completed, not dropped). Reports mark these.
    package var standsOut: Bool {
        goal.importance >= GoalProgress.standOutImportance && state != .completed && state != .dropped
    }

    package static let standOutImportance = 9
}
