import HTLCore
import HTLModel

/// `htl next`: the goals in play sorted into an importance × urgency
/// matrix, each quadrant in attention order (docs/CLI.md "htl next").
///
/// - important: importance ≥ 6;
/// - urgent: urgency ≥ 6, or the target date is at most 7 days away (or
///   past), or the goal is behind or overdue.
///
/// Completed and dropped goals are out of play and left out.
public enum Eisenhower {
    public enum Quadrant: String, Sendable, CaseIterable {
        /// Important and urgent.
        case doNow = "do_now"
        /// Important, not urgent.
        case schedule
        /// Urgent, less important.
        case keepUp = "keep_up"
        /// Neither.
        case letGo = "let_go"
    }

    public static let importantFrom = 6
    public static let urgentFrom = 6
    public static let dueWithinDays = 7

    public static func isImportant(_ g: GoalProgress) -> Bool {
        g.goal.importance >= importantFrom
    }

    public static func isUrgent(_ g: GoalProgress) -> Bool {
        g.goal.urgency >= urgentFrom || (g.daysLeft.map { $0 <= dueWithinDays } ?? false)
            || g.state == .behind || g.state == .overdue
    }

    public static func quadrant(_ g: GoalProgress) -> Quadrant {
        switch (isImportant(g), isUrgent(g)) {
        case (true, true): return .doNow
        case (true, false): return .schedule
        case (false, true): return .keepUp
        case (false, false): return .letGo
        }
    }

    /// Every quadrant in order, with its goals in attention order (empty ones included).
    public static func matrix(_ report: ProgressReport) -> [(quadrant: Quadrant, goals: [GoalProgress])] {
        let inPlay = report.attentionOrdered.filter(\.state.isOpen)
        return Quadrant.allCases.map { q in (q, inPlay.filter { quadrant($0) == q }) }
    }
}
