import HTLCore

/// When a command runs, as the command line knows it: a day fixed by
/// `--today` (or HTL_TODAY), or the local clock's date and time. The
/// library never reads the clock; it turns a `Now` into "today" with the
/// ledger's `day_starts_at` (FORMAT.md §3).
public enum Now: Sendable, Equatable {
    /// A fixed day, taken as is.
    case day(CivilDate)
    /// The local clock: before `day_starts_at`, today is still yesterday.
    case clock(date: CivilDate, time: ClockTime)

    package func today(dayStartsAt: ClockTime) -> CivilDate {
        switch self {
        case .day(let date): return date
        case .clock(let date, let time): return time < dayStartsAt ? date.adding(days: -1) : date
        }
    }
}
