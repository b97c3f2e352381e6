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

/// A goal's progress in one number, and what it is made of.
struct ProgressSummary {
    /// Mean of capped ratios, or checklist share, or nil (FORMAT.md §8).
    var progress: ExactDecimal?
    /// Every target reached, or every checklist item done.
    var complete = false
    /// Nothing toward any target, or no checklist item done.
    var zero = false
    var checklistDone: Int
    var checklistTotal: Int

    init(targets: [GoalProgress.TargetProgress], checklist: [Goal.ChecklistItem]) {
        checklistDone = checklist.filter(\.done).count
        checklistTotal = checklist.count
        if !targets.isEmpty {
            let capped = targets.map { min(max($0.ratio, .zero), .one) }
            progress = capped.reduce(.zero, +).divided(by: capped.count)
            complete = targets.allSatisfy { $0.actual >= $0.target }
            zero = targets.allSatisfy { !$0.actual.isPositive }
        } else if checklistTotal > 0 {
            progress = ExactDecimal(checklistDone).divided(by: checklistTotal)
            complete = checklistDone == checklistTotal
            zero = checklistDone == 0
        }
    }
}
