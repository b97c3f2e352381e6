import HTLCore
import HTLModel

/// Computes a `CadenceProgress`: one pass over the periods of the window and
/// the counted actions sorted by day (FORMAT.md §8).
struct CadenceTally {
    let cadence: Cadence
    /// The catalog index of the measure; nil for `actions`.
    let measureIndex: Int?
    let calendar: CadenceCalendar
    let catalog: MeasureCatalog

    /// One counted amount on one day, in its own measure (nil: one action).
    private struct Entry {
        var date: CivilDate
        var measure: Int?
        var amount: ExactDecimal
    }

    /// `window`: the cadence window (nil when it has no start); `counted`:
    /// the goal's counted actions as of today.
    func progress(window: DateRange?, openEnded: Bool, counted: [Int], index: ActionIndex,
                  today: CivilDate) -> CadenceProgress {
        var result = CadenceProgress(cadence: cadence, measure: measureIndex.map { catalog.measures[$0].id } ?? Goal.actionsMeasure,
                                     actual: .zero, ratio: nil, periods: 0, met: 0, missed: 0, excused: 0, future: 0,
                                     current: nil, latestDecided: nil, recent: [], upcoming: [], streak: 0, bestStreak: 0, windowStart: window?.start)
        guard let window, window.start <= window.end else { return result }
        let entries = self.entries(counted.filter { window.contains(index.date($0)) }, index: index)
        result.actual = sum(entries[...])
        var next = 0
        var run = 0
        calendar.forEachSlot(in: window) { slot in
            let first = next
            while next < entries.count, entries[next].date <= slot.days.end { next += 1 }
            let period = self.period(slot, amount: sum(entries[first..<next]), today: today)
            result.count(period)
            switch period.status {
            case .met: run += 1; result.bestStreak = max(result.bestStreak, run)
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
        result.periods = openEnded ? result.met + result.missed : result.met + result.missed + (result.current?.status == .open ? 1 : 0) + result.future
        result.ratio = ExactDecimal(result.met).divided(by: result.periods)
        return result
    }

    /// A slot's status on `today`, its amount compared exactly with
    /// N × counted days / days in the period.
    private func period(_ slot: CadenceCalendar.Slot, amount: ExactDecimal, today: CivilDate) -> CadenceProgress.Period {
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

    /// The counted amounts of the cadence's measure (or one per action), by day.
    private func entries(_ counted: [Int], index: ActionIndex) -> [Entry] {
        var entries: [Entry] = []
        if let target = measureIndex {
            for i in counted {
                index.forEachQuantity(of: i) { measure, amount in
                    guard catalog.canConvert(from: measure, to: target) else { return }
                    entries.append(Entry(date: index.date(i), measure: measure, amount: amount))
                }
            }
        } else {
            entries = counted.filter { !index.isCorrection($0) }.map { Entry(date: index.date($0), measure: nil, amount: .one) }
        }
        entries.sort { $0.date < $1.date }
        return entries
    }

    /// Sums exactly per measure first, then converts each subtotal (FORMAT.md §8).
    private func sum(_ entries: ArraySlice<Entry>) -> ExactDecimal {
        guard let target = measureIndex else { return ExactDecimal(entries.count) }
        var subtotals: [(measure: Int, amount: ExactDecimal)] = []
        for e in entries {
            if let k = subtotals.firstIndex(where: { $0.measure == e.measure }) {
                subtotals[k].amount += e.amount
            } else {
                subtotals.append((e.measure!, e.amount))
            }
        }
        return subtotals.reduce(.zero) { $0 + (catalog.convert($1.amount, from: $1.measure, to: target) ?? .zero) }
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
