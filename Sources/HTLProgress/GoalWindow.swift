import HTLCore
import HTLModel

/// A goal's window [start, target] on one day, its clamps computed once.
struct GoalWindow {
    /// Days in [start, target], when both are set and in order.
    let span: Int?
    /// Days from start to today, both included; nil before the start or without one.
    let elapsedDays: Int?
    /// The same, clamped to [0, span]; nil without a span.
    let elapsedInSpan: Int?
    /// target − today; nil without a target.
    let daysToTarget: Int?

    init(_ goal: Goal, today: CivilDate) {
        daysToTarget = goal.target.map { today.days(until: $0) }
        elapsedDays = goal.start.flatMap { start in today < start ? nil : start.days(until: today) + 1 }
        if let start = goal.start, let target = goal.target, start <= target {
            let span = start.days(until: target) + 1
            self.span = span
            elapsedInSpan = min(max(start.days(until: today) + 1, 0), span)
        } else {
            span = nil
            elapsedInSpan = nil
        }
    }

    /// Days from today to the target, both included, when today is not past it.
    var daysRemaining: Int? {
        daysToTarget.flatMap { $0 >= 0 ? $0 + 1 : nil }
    }

    /// The share of the window that has passed, in [0, 1].
    var elapsedShare: ExactDecimal? {
        guard let span, let elapsedInSpan else { return nil }
        return ExactDecimal(elapsedInSpan).divided(by: span)
    }
}

/// A goal's progress in one number, and what it is made of (FORMAT.md §8,
/// revision 3): the share of its totals; a rhythm's share only for a goal
/// whose targets are all cadences; else its checklist's.
struct ProgressSummary {
    /// Mean of the total targets' capped ratios; without total targets, the
    /// mean of the cadences' (null ones left out); else the checklist's share; else nil.
    var progress: ExactDecimal?
    /// Progress 1 (every total reached, every period of a dated window met,
    /// every checklist item done). An open-ended habit never completes.
    var complete = false
    var hasCadence: Bool
    /// Targets, and all of them cadences.
    var cadencesOnly: Bool
    /// A habit with no finish: open-ended, and its targets are all cadences.
    var isOpenEndedHabit: Bool
    var rhythm: Rhythm?
    var checklistDone: Int
    var checklistTotal: Int

    init(
        targets: [GoalProgress.TargetProgress], cadences: [CadenceProgress], checklist: [Goal.ChecklistItem],
        openEnded: Bool
    ) {
        checklistDone = checklist.filter(\.done).count
        checklistTotal = checklist.count
        hasCadence = !cadences.isEmpty
        cadencesOnly = targets.isEmpty && !cadences.isEmpty
        isOpenEndedHabit = openEnded && cadencesOnly
        rhythm = Rhythm(cadences)
        func mean(_ ratios: [ExactDecimal]) -> ExactDecimal? {
            ratios.isEmpty ? nil : ratios.map { min(max($0, .zero), .one) }.reduce(.zero, +).divided(by: ratios.count)
        }
        if !targets.isEmpty {
            progress = mean(targets.map(\.ratio))
        } else if !cadences.isEmpty {
            progress = mean(cadences.compactMap(\.ratio))
        } else if checklistTotal > 0 {
            progress = ExactDecimal(checklistDone).divided(by: checklistTotal)
        }
        complete = progress.map { $0 >= .one } ?? false && !isOpenEndedHabit
    }
}
