import HTLCore
import HTLModel

/// A value's insight (FORMAT.md §9).
public struct ValueInsight: Sendable {
    public struct AlignedGoal: Sendable {
        public var id: String
        public var strength: Int
        public var progress: ExactDecimal?
        public var state: GoalState
    }

    public var value: Value
    /// Aligned goals that are not dropped, strongest first, then by id.
    public var goals: [AlignedGoal]
    public var meanStrength: ExactDecimal?
    /// Strength-weighted mean progress of aligned goals that have progress.
    public var weightedProgress: ExactDecimal?
    /// Actions counted toward aligned goals in the 30 days ending today, each once.
    public var actions30d: Int
    /// No active aligned goal, or none of them had a counted action in the last 14 days.
    public var neglected: Bool

    /// The days `actions30d` looks back over, today included.
    package static let recentDays = 30
    /// The days without a counted action after which a value is neglected.
    package static let neglectDays = 14
}
