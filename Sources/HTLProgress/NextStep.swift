import HTLCore
import HTLModel

/// A goal's next step, from what it already says: the first unchecked
/// checklist item; else what the pace needs this week in the first target
/// still short (what is left, once its date has passed); else what a
/// cadence's open period still needs (or, over an at-most limit, to hold off).
public enum NextStep: Sendable, Equatable {
    case checklist(String)
    /// `amount` of `measure` this week: the weekly rate needed, or all that
    /// remains when that is less.
    case thisWeek(amount: ExactDecimal, measure: String)
    /// What is left of a target whose date has passed (no weekly rate).
    case remaining(amount: ExactDecimal, measure: String)
    case cadence(amount: ExactDecimal, measure: String, atMost: Bool, by: CivilDate)
    /// An at-most cadence already over its limit this period: nothing more until it ends.
    case holdOff(measure: String, until: CivilDate)
    case none

    public init(_ g: GoalProgress) {
        if let item = g.goal.checklist.first(where: { !$0.done }) {
            self = .checklist(item.text)
        } else if let t = g.targets.first(where: { $0.remaining.isPositive }) {
            self =
                t.neededPerWeek.map { .thisWeek(amount: min($0, t.remaining), measure: t.measure) }
                ?? .remaining(amount: t.remaining, measure: t.measure)
        } else if let c = g.cadences.first(where: { $0.current?.status == .open }), let p = c.current {
            self = .cadence(
                amount: max(p.required - p.amount, .zero), measure: c.measure, atMost: c.cadence.atMost, by: p.days.end)
        } else if let c = g.cadences.first(where: { $0.cadence.atMost && $0.current?.status == .missed }),
            let p = c.current
        {
            self = .holdOff(measure: c.measure, until: p.days.end)
        } else {
            self = .none
        }
    }
}
