import HTLCore
import HTLModel

/// Where a goal stands on a given day (FORMAT.md §9).
public enum GoalState: String, Sendable, CaseIterable {
    /// Progress from which a goal is near complete.
    package static let nearCompleteThreshold = ExactDecimal(millionths: 750_000)

    case overdue
    case behind
    case notStarted = "not_started"
    case onTrack = "on_track"
    case nearComplete = "near_complete"
    case completed
    case dropped

    /// Still in play: neither completed nor dropped. Listings, due dates,
    /// the dashboard and value neglect look at these goals only.
    public var isOpen: Bool { self != .completed && self != .dropped }

    /// Position in the attention order of listings (FORMAT.md §9).
    package var attentionRank: Int {
        switch self {
        case .overdue: return 0
        case .behind: return 1
        case .notStarted: return 2
        case .onTrack: return 3
        case .nearComplete: return 4
        case .completed: return 5
        case .dropped: return 6
        }
    }

    /// The first rule of FORMAT.md §9 that applies.
    init(
        _ goal: Goal, summary: ProgressSummary, anyCounted: Bool, window: GoalWindow, margin: ExactDecimal,
        today: CivilDate
    ) {
        if goal.status == .dropped {
            self = .dropped
        } else if goal.status == .done || summary.complete {
            self = .completed
        } else if let target = goal.target, target < today {
            self = .overdue
        } else if GoalState.notStarted(summary, anyCounted: anyCounted) {
            self = .notStarted
        } else if GoalState.behind(summary, window: window, margin: margin) {
            // Revision 2: behind is tested before near complete (76 % on day 69 of 70 is behind).
            self = .behind
        } else if let p = summary.progress, p >= GoalState.nearCompleteThreshold, !summary.isOpenEndedHabit {
            self = .nearComplete
        } else {
            self = .onTrack
        }
    }

    /// Progress 0 or none and no action counted yet; or progress 0 and no
    /// cadence (a habit whose periods were all missed is behind instead).
    private static func notStarted(_ summary: ProgressSummary, anyCounted: Bool) -> Bool {
        let zeroOrNone = summary.progress.map { !$0.isPositive } ?? true
        return (zeroOrNone && !anyCounted) || (summary.progress.map { !$0.isPositive } ?? false && !summary.hasCadence)
    }

    /// Under the even-pace line by more than the margin; or, for a goal
    /// whose targets are all cadences, its rhythm slipping. A missed week
    /// does not make a goal ahead on its totals behind (revision 3): the
    /// state and the pace line agree.
    private static func behind(_ summary: ProgressSummary, window: GoalWindow, margin: ExactDecimal) -> Bool {
        // A goal that is only rhythms is judged by them alone: it has no straight line (FORMAT.md §8).
        if summary.cadencesOnly { return summary.rhythm?.status == .slipping }
        guard let p = summary.progress, let span = window.span, let elapsed = window.elapsedInSpan else {
            return false
        }
        return (p + margin).multiplied(by: span) < ExactDecimal(elapsed)
    }

    /// The state in words, for people.
    public var words: String {
        switch self {
        case .overdue: return "overdue"
        case .behind: return "behind"
        case .notStarted: return "not started"
        case .onTrack: return "on track"
        case .nearComplete: return "near complete"
        case .completed: return "completed"
        case .dropped: return "dropped"
        }
    }
}

/// The colour band of a progress value (FORMAT.md §9).
package enum ProgressBand: String, Sendable {
    case red, orange, yellow, green, blue

    public init(_ progress: ExactDecimal) {
        switch progress.millionths {
        case ..<250_000: self = .red
        case ..<500_000: self = .orange
        case ..<GoalState.nearCompleteThreshold.millionths: self = .yellow
        case ..<1_000_000: self = .green
        default: self = .blue
        }
    }
}
