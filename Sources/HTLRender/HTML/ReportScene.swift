import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// The quiet backdrop behind the report's cards: a soft vertical wash whose
/// tint follows the collective state of the ledger's goals (the footer's
/// legend says which). Nothing is drawn over or between the data.
package enum ReportScene: String, Sendable, CaseIterable {
    /// Nothing started yet: a lone peak far away across a plain at dawn.
    case distantPeak = "distant-peak"
    /// Work under way: a trail winding up through the hills on a clear day.
    case climbingPath = "climbing-path"
    /// Most of the way there: the summit close, a flag on top, golden hour.
    case approachingSummit = "approaching-summit"
    /// Everything done: a spring meadow in flower.
    case bloom
    /// Something is overdue: the storm is clearing, a rainbow over the hills.
    case stormClearing = "storm-clearing"

    /// The rule (docs/REPORT.md), over the goals that are not dropped:
    /// any overdue → storm clearing; all completed → bloom; mean progress
    /// (of the goals that have progress, completed goals counting as 1)
    /// ≥ 75 % → approaching summit; any progress or counted action →
    /// climbing path; otherwise (or no goals at all) → distant peak.
    package static func choose(for report: ProgressReport) -> ReportScene {
        let goals = report.goals.filter { $0.state != .dropped }
        if goals.isEmpty { return .distantPeak }
        if goals.contains(where: { $0.state == .overdue }) { return .stormClearing }
        if goals.allSatisfy({ $0.state == .completed }) { return .bloom }
        let measured = goals.compactMap { g -> ExactDecimal? in
            if g.state == .completed { return .one }
            return g.progress.map { min(max($0, .zero), .one) }
        }
        if !measured.isEmpty, let mean = measured.reduce(.zero, +).divided(by: measured.count),
            mean >= GoalState.nearCompleteThreshold
        {
            return .approachingSummit
        }
        if goals.contains(where: { ($0.progress?.isPositive ?? false) || $0.actionCount > 0 || $0.state == .completed })
        {
            return .climbingPath
        }
        return .distantPeak
    }

    func color(_ role: ReportPalette.SceneRole, dark: Bool) -> ReportColor {
        let colors = dark ? darkColors : lightColors
        return colors[ReportPalette.SceneRole.allCases.firstIndex(of: role)!]
    }

    /// The wash's top and bottom: low in colour, so that cards and charts
    /// carry the colour of the page.
    private var lightColors: [ReportColor] {
        switch self {
        case .distantPeak: return ["#E6E5F3", "#F4F4F8"]
        case .climbingPath: return ["#DCE6F3", "#F3F5F9"]
        case .approachingSummit: return ["#F0E4E4", "#F7F4F3"]
        case .bloom: return ["#DCEDE4", "#F3F7F4"]
        case .stormClearing: return ["#E2E4EA", "#F3F4F6"]
        }
    }

    private var darkColors: [ReportColor] {
        switch self {
        case .distantPeak: return ["#171830", "#0E1016"]
        case .climbingPath: return ["#111B2E", "#0D1016"]
        case .approachingSummit: return ["#24161F", "#110E12"]
        case .bloom: return ["#0F2320", "#0C1211"]
        case .stormClearing: return ["#181B24", "#0E1014"]
        }
    }

    /// What the tint says, for the legend.
    package var meaning: String {
        switch self {
        case .distantPeak: return "lavender: nothing started yet"
        case .climbingPath: return "blue: work under way"
        case .approachingSummit: return "rose: most of the way there (mean progress 75 % or more)"
        case .bloom: return "green: every goal completed"
        case .stormClearing: return "grey: a goal is overdue"
        }
    }
}
