import HTLCore
import HTLModel

/// The calendar periods of a cadence window (FORMAT.md §8): days, weeks
/// starting on `week_start`, calendar months; each clipped to the window,
/// with its days outside any break counted.
struct CadenceCalendar {
    /// One period overlapping the window.
    struct Slot {
        /// The part of the calendar period inside the window.
        var days: DateRange
        /// Days of that part outside every break.
        var countedDays: Int
        /// Days of the whole calendar period (the denominator of pro-rating).
        var daysInPeriod: Int
    }

    let period: Cadence.Period
    let weekStart: Weekday
    /// Breaks merged and sorted: no two overlap or touch.
    private let breaks: [DateRange]

    init(period: Cadence.Period, weekStart: Weekday, breaks: [Goal.Break]) {
        self.period = period
        self.weekStart = weekStart
        self.breaks = CadenceCalendar.merged(breaks.map(\.days))
    }

    /// The first day of the period holding `date`.
    func periodStart(_ date: CivilDate) -> CivilDate {
        switch period {
        case .day: return date
        case .week: return weekStart.onOrBefore(date)
        case .month: return date.firstOfMonth
        }
    }

    /// The last day of the period that starts on `start`.
    func periodEnd(_ start: CivilDate) -> CivilDate {
        switch period {
        case .day: return start
        case .week: return start.adding(days: 6)
        case .month: return start.lastOfMonth
        }
    }

    /// Calls `body` for every period overlapping `window`, in order; linear
    /// in periods + breaks.
    func forEachSlot(in window: DateRange, _ body: (Slot) -> Void) {
        var start = periodStart(window.start)
        var nextBreak = 0
        while start <= window.end {
            let end = periodEnd(start)
            let days = DateRange(start: max(start, window.start), end: min(end, window.end))
            while nextBreak < breaks.count, breaks[nextBreak].end < days.start { nextBreak += 1 }
            var excused = 0
            var b = nextBreak
            while b < breaks.count, breaks[b].start <= days.end {
                excused += breaks[b].overlap(from: days.start, to: days.end)
                b += 1
            }
            body(
                Slot(
                    days: days, countedDays: days.start.days(until: days.end) + 1 - excused,
                    daysInPeriod: start.days(until: end) + 1))
            start = end.adding(days: 1)
        }
    }

    static func merged(_ ranges: [DateRange]) -> [DateRange] {
        var result: [DateRange] = []
        for range in ranges.sorted(by: { $0.start < $1.start }) {
            if let last = result.last, range.start.dayNumber <= last.end.dayNumber + 1 {
                result[result.count - 1].end = max(last.end, range.end)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
