import HTLCore
import HTLModel

/// A term on a given day (FORMAT.md §9).
public struct TermProgress: Sendable {
    public enum State: String, Sendable {
        // Computed from dates.
        case upcoming, active, complete
        // Set by hand with `status:` (its `active` is the same word as the computed one).
        case planned, completed, delayed
        case onHold = "on_hold"
        case cancelled
    }

    public var term: Term
    public var state: State
    /// floor((today − start) / 7) + 1, at most the number of weeks; nil before the term starts.
    public var week: Int?
    public var weeks: Int
    /// end − today (negative once the term is over).
    public var daysLeft: Int
    /// Ids of the goals committed to the term, in id order, dropped ones left out.
    public var goals: [String]
    /// Ids of the dropped goals committed to the term (listed apart).
    public var droppedGoals: [String]
    /// Mean progress of its committed goals that have progress (dropped goals excluded).
    public var meanProgress: ExactDecimal?
}
