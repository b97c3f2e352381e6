import HTLCore
import HTLModel

/// `htl due`: goals in play whose target date has passed, and those due
/// within a number of days (0 = today).
public struct DueList: Sendable {
    public var overdue: [GoalProgress]
    public var due: [GoalProgress]

    /// Both by target date, then attention order.
    public init(_ report: ProgressReport, within days: Int) {
        let dated = report.attentionOrdered
            .filter { $0.state.isOpen && $0.daysLeft != nil }
            .enumerated()
            .sorted { ($0.element.daysLeft!, $0.offset) < ($1.element.daysLeft!, $1.offset) }
            .map(\.element)
        overdue = dated.filter { $0.daysLeft! < 0 }
        due = dated.filter { (0...max(days, 0)).contains($0.daysLeft!) }
    }
}
