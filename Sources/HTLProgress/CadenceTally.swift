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

    /// One counted amount on one day, in its own measure (-1: one action).
    private struct Entry {
        var amount: ExactDecimal
        var day: Int32
        var measure: Int32
    }

    /// `window`: the cadence window (nil when it has no start); `counted`:
    /// the goal's counted actions as of today, from `sources` (cut at today).
    func progress(window: DateRange?, openEnded: Bool, counted: ActionPositions, sources: ActionIndex.Sources,
                  index: ActionIndex, today: CivilDate) -> CadenceProgress {
        var result = CadenceProgress(cadence: cadence, measure: measureIndex.map { catalog.measures[$0].id } ?? Goal.actionsMeasure,
                                     actual: .zero, ratio: nil, periods: 0, met: 0, missed: 0, excused: 0, future: 0,
                                     current: nil, latestDecided: nil, recent: [], upcoming: [], streak: 0, bestStreak: 0, windowStart: window?.start)
        guard let window, window.start <= window.end else { return result }
        let entries = self.entries(in: window, counted: counted, sources: sources, index: index)
        result.actual = sum(entries[...])
        var next = 0
        var run = 0
        calendar.forEachSlot(in: window) { slot in
            let first = next
            let end = Int32(clamping: slot.days.end.dayNumber)
            while next < entries.count, entries[next].day <= end { next += 1 }
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

    /// The counted amounts inside `window` of the cadence's measure (or one
    /// per action), by day.
    private func entries(in window: DateRange, counted: ActionPositions, sources: ActionIndex.Sources,
                         index: ActionIndex) -> [Entry] {
        let first = Int32(clamping: window.start.dayNumber)
        let last = Int32(clamping: window.end.dayNumber)
        var entries: [Entry] = []
        // Room for one entry per counted action (a goal of a shared tag counts thousands: grown
        // step by step, the list was copied a dozen times).
        entries.reserveCapacity(counted.count)
        // Which measures convert to the cadence's, asked once per measure, not per quantity.
        let converts = measureIndex.map { target in catalog.measures.indices.map { catalog.canConvert(from: $0, to: target) } } ?? []
        index.forEachCounted(counted, from: sources) { f in
            guard f.day >= first, f.day <= last else { return }
            if measureIndex != nil {
                index.forEachQuantity(of: f) { measure, amount in
                    guard converts[measure] else { return }
                    entries.append(Entry(amount: amount, day: f.day, measure: Int32(measure)))
                }
            } else if !index.isCorrection(f) {
                entries.append(Entry(amount: .one, day: f.day, measure: -1))
            }
        }
        // Each source is in date order: entries from one need no sorting.
        if !zip(entries, entries.dropFirst()).allSatisfy({ $0.day <= $1.day }) {
            entries.sort { $0.day < $1.day }
        }
        return entries
    }

    /// Sums exactly per measure first, then converts each subtotal (FORMAT.md §8).
    private func sum(_ entries: ArraySlice<Entry>) -> ExactDecimal {
        guard let target = measureIndex else { return ExactDecimal(entries.count) }
        guard let measure = entries.first?.measure else { return .zero }
        // Nearly always one measure: one subtotal, no list of them.
        if entries.allSatisfy({ $0.measure == measure }) {
            let total = entries.reduce(ExactDecimal.zero) { $0 + $1.amount }
            return catalog.convert(total, from: Int(measure), to: target) ?? .zero
        }
        var subtotals: [(measure: Int32, amount: ExactDecimal)] = []
        for e in entries {
            if let k = subtotals.firstIndex(where: { $0.measure == e.measure }) {
                subtotals[k].amount += e.amount
            } else {
                subtotals.append((e.measure, e.amount))
            }
        }
        return subtotals.reduce(.zero) { $0 + (catalog.convert($1.amount, from: Int($1.measure), to: target) ?? .zero) }
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
