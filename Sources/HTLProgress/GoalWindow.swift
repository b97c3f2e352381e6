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
    /// Mean of capped ratios (cadence ratios included, null ones left out),
    /// or checklist share, or nil (FORMAT.md §8).
    var progress: ExactDecimal?
    /// Progress by totals alone (targets, else the checklist): what the
    /// linear `behind` rule and pace judge. A rhythm is judged by its
    /// periods, not by a straight line.
    var pacedProgress: ExactDecimal?
    /// Every target reached and every cadence period of a dated window met,
    /// or every checklist item done. An open-ended cadence never completes.
    var complete = false
    /// Nothing toward any target, no cadence period met, or no checklist item done.
    var zero = false
    var hasCadence: Bool
    /// A habit with no finish: open-ended, and its targets are all cadences.
    var isOpenEndedHabit: Bool
    /// A cadence's latest decided period was missed (the current one when
    /// decided, else the latest closed one).
    var missedLastPeriod: Bool
    var checklistDone: Int
    var checklistTotal: Int

    init(
        targets: [GoalProgress.TargetProgress], cadences: [CadenceProgress], checklist: [Goal.ChecklistItem],
        openEnded: Bool
    ) {
        checklistDone = checklist.filter(\.done).count
        checklistTotal = checklist.count
        hasCadence = !cadences.isEmpty
        isOpenEndedHabit = openEnded && targets.isEmpty && !cadences.isEmpty
        missedLastPeriod = cadences.contains { $0.latestDecided?.status == .missed }
        let totals = targets.map { min(max($0.ratio, .zero), .one) }
        let ratios = totals + cadences.compactMap { $0.ratio.map { min(max($0, .zero), .one) } }
        if !targets.isEmpty || !cadences.isEmpty {
            progress = ratios.isEmpty ? nil : ratios.reduce(.zero, +).divided(by: ratios.count)
            if !totals.isEmpty {
                pacedProgress = totals.reduce(.zero, +).divided(by: totals.count)
            } else if checklistTotal > 0 {
                pacedProgress = ExactDecimal(checklistDone).divided(by: checklistTotal)
            }
            complete =
                targets.allSatisfy { $0.actual >= $0.target }
                && cadences.allSatisfy { !openEnded && $0.periods > 0 && $0.met == $0.periods }
            zero = targets.allSatisfy { !$0.actual.isPositive } && cadences.allSatisfy { $0.met == 0 }
        } else if checklistTotal > 0 {
            progress = ExactDecimal(checklistDone).divided(by: checklistTotal)
            pacedProgress = progress
            complete = checklistDone == checklistTotal
            zero = checklistDone == 0
        }
    }
}
