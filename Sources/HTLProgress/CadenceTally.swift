import HTLCore
import HTLModel

/// Computes a `CadenceProgress`: one pass over the periods of the window,
/// each period's amount read from the goal's counted actions as totals
/// over its days (FORMAT.md §8).
struct CadenceTally {
    let cadence: Cadence
    /// The catalog index of the measure; nil for `actions`.
    let measureIndex: Int?
    let calendar: CadenceCalendar
    let catalog: MeasureCatalog

    /// `window`: the cadence window (nil when it has no start); `actions`:
    /// the goal's counted actions.
    func progress(window: DateRange?, openEnded: Bool, actions: GoalActions, today: CivilDate) -> CadenceProgress {
        var result = CadenceProgress(
            cadence: cadence, measure: measureIndex.map { catalog.measures[$0].id } ?? Goal.actionsMeasure,
            actual: .zero, ratio: nil, periods: 0, met: 0, missed: 0, excused: 0, future: 0,
            current: nil, latestDecided: nil, recent: [], upcoming: [], streak: 0, bestStreak: 0,
            windowStart: window?.start)
        guard let window, window.start <= window.end else { return result }
        result.actual = amount(actions, window.start...window.end)
        var run = 0
        var strength = HabitStrength()
        calendar.forEachSlot(in: window) { slot in
            let period = self.period(slot, amount: amount(actions, slot.days.start...slot.days.end), today: today)
            result.count(period)
            strength.add(
                period.status, countedDays: slot.countedDays, daysInPeriod: slot.daysInPeriod, amount: period.amount,
                required: period.required, atMost: cadence.atMost)
            switch period.status {
            case .met:
                run += 1
                result.bestStreak = max(result.bestStreak, run)
            case .missed: run = 0
            case .open, .excused, .future: break
            }
            if period.status == .met || period.status == .missed { result.latestDecided = period }
            if period.days.start <= today {
                result.keepRecent(period)
            } else if result.upcoming.count < CadenceProgress.recentLimit {
                result.upcoming.append(period.status)
            }
            if period.days.contains(today) { result.current = period }
        }
        result.streak = run
        result.strength = strength.value
        result.periods =
            openEnded
            ? result.met + result.missed
            : result.met + result.missed + (result.current?.status == .open ? 1 : 0) + result.future
        result.ratio = ExactDecimal(result.met).divided(by: result.periods)
        return result
    }

    /// What the counted actions dated in `days` add up to in the cadence's
    /// measure (each logged measure summed exactly, then converted), or how
    /// many of them there are for `actions`. Corrections keep no period
    /// (FORMAT.md §6): their amounts are left out, a forgotten kilometre
    /// logged as a correction adds to the total, not to a week's run.
    private func amount(_ actions: GoalActions, _ days: ClosedRange<CivilDate>) -> ExactDecimal {
        let totals = actions.totals(
            days: Int32(clamping: days.lowerBound.dayNumber)...Int32(clamping: days.upperBound.dayNumber),
            measures: catalog.measures.count)
        guard let measureIndex else { return ExactDecimal(totals.occurrences) }
        return totals.amount(toward: measureIndex, catalog: catalog, corrections: false)
    }

    /// A slot's status on `today`, its amount compared exactly with
    /// N × counted days / days in the period.
    private func period(_ slot: CadenceCalendar.Slot, amount: ExactDecimal, today: CivilDate) -> CadenceProgress.Period
    {
        let n = cadence.amount
        let required = n.multiplied(by: slot.countedDays).divided(by: slot.daysInPeriod) ?? .zero
        var status: CadenceProgress.Status
        if slot.countedDays == 0 {
            status = .excused
        } else if slot.days.start > today {
            status = .future
        } else {
            // amount vs required, exactly: amount × days in period vs N × counted days.
            let a = amount.millionths.multipliedFullWidth(by: Int128(slot.daysInPeriod))
            let r = n.millionths.multipliedFullWidth(by: Int128(slot.countedDays))
            let enough = (a.high, a.low) >= (r.high, r.low)
            let over = (a.high, a.low) > (r.high, r.low)
            let closed = slot.days.end < today
            if cadence.atMost {
                status = over ? .missed : (closed ? .met : .open)
            } else {
                status = enough ? .met : (closed ? .missed : .open)
            }
        }
        return CadenceProgress.Period(days: slot.days, required: required, amount: amount, status: status)
    }
}

extension CadenceProgress {
    fileprivate mutating func count(_ period: Period) {
        switch period.status {
        case .met: met += 1
        case .missed: missed += 1
        case .excused: excused += 1
        case .future: future += 1
        case .open: break
        }
    }

    fileprivate mutating func keepRecent(_ period: Period) {
        if recent.count == CadenceProgress.recentLimit { recent.removeFirst() }
        recent.append(period)
    }
}
