import Glibc
import HTLCore
import HTLModel

/// The machine's local calendar date: the only place htl reads the clock
/// (used by the executables, htl and htl-mcp; never by the library).
public enum Clock {
    /// The local date and time of day (the library never reads the clock).
    public static func now() -> Now {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        let date = CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            ?? CivilDate(dayNumber: Int(now / 86_400))
        return .clock(date: date, time: ClockTime(hour: Int(parts.tm_hour), minute: Int(parts.tm_min)) ?? ClockTime(hour: 0, minute: 0)!)
    }
}
