import HTLCore
import HTLModel

/// `htl due`: goals in play whose target date has passed, those due
/// within a number of days (0 = today), and the rhythms still open this
/// period.
public struct DueList: Sendable {
    public var overdue: [GoalProgress]
    public var due: [GoalProgress]
    /// Cadences of goals in play whose current period is open: at least,
    /// not yet kept (what it still needs by the period's end); at most,
    /// within its limit so far (what is left). By the period's end, then
    /// attention order.
    public var rhythms: [Rhythm] = []

    public struct Rhythm: Sendable {
        public var goal: GoalProgress
        public var cadence: CadenceProgress
        public var period: CadenceProgress.Period
        /// At least: still needed; at most: still allowed.
        public var remaining: ExactDecimal { max(period.required - period.amount, .zero) }
    }

    /// Both by target date, then attention order.
    public init(_ report: ProgressReport, within days: Int) {
        let dated = report.attentionOrdered
            .filter { $0.state.isOpen && $0.daysLeft != nil }
            .enumerated()
            .sorted { ($0.element.daysLeft!, $0.offset) < ($1.element.daysLeft!, $1.offset) }
            .map(\.element)
        overdue = dated.filter { $0.daysLeft! < 0 }
        due = dated.filter { (0...max(days, 0)).contains($0.daysLeft!) }
        var open: [(rhythm: Rhythm, order: Int)] = []
        for (order, g) in report.attentionOrdered.enumerated() where g.state.isOpen {
            for c in g.cadences {
                guard let p = c.current, p.status == .open else { continue }
                open.append(
                    (Rhythm(goal: g, cadence: c, period: p), order))
            }
        }
        rhythms = open.sorted { ($0.rhythm.period.days.end, $0.order) < ($1.rhythm.period.days.end, $1.order) }
            .map(\.rhythm)
    }
}
