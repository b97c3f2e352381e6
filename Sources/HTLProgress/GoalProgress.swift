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
    /// The actions that count toward the goal (FORMAT.md §7): how many,
    /// what they add up to, and, when a view asks, which.
    public var actions: GoalActions
    /// Indices into `ledger.actions` of the actions that count toward the
    /// goal as of today, in file order (listed when asked).
    public var actionIndices: ActionPositions { actions.positions }
    /// Actions dated after today that will count once their day comes:
    /// listed, never counted (FORMAT.md §7).
    public var upcomingActionIndices: ActionPositions { actions.upcomingPositions }
    /// How many actions count toward the goal as of today: lines that are
    /// not corrections, the one count every view shows (FORMAT.md §7).
    public var actionCount: Int { actions.count }
    /// How many corrections count toward it as of today.
    public var correctionCount: Int { actions.corrections }
    /// How many lines dated after today will count once their day comes.
    public var upcomingCount: Int { actions.upcomingCount }
    /// The counted actions, then those to come.
    public var allActionIndices: [Int] {
        Array(actionIndices) + Array(upcomingActionIndices)
    }
    public var targets: [TargetProgress]
    /// One per cadence measure, in file order (FORMAT.md §8).
    public var cadences: [CadenceProgress]
    /// How the cadences are kept, beside the progress (nil without cadences).
    public var rhythm: Rhythm?
    public var checklistDone: Int
    public var checklistTotal: Int
    /// Mean of the total targets' capped ratios; a goal with cadences only:
    /// of theirs; else the checklist's share; else nil (FORMAT.md §8).
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
    public var id: String { goal.id }

    /// Importance that stands out from the default 8: 9 or 10, on a goal
    /// still in play (not completed, not dropped). Reports mark these.
    package var standsOut: Bool {
        goal.importance >= GoalProgress.standOutImportance && state.isOpen
    }

    package static let standOutImportance = 9
}
