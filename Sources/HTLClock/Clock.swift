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
        let date =
            CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            ?? CivilDate(dayNumber: Int(now / 86_400))
        return .clock(
            date: date,
            time: ClockTime(hour: Int(parts.tm_hour), minute: Int(parts.tm_min)) ?? ClockTime(hour: 0, minute: 0)!)
    }
}

extension Clock {
    /// Seconds east of UTC in the machine's time zone at an instant
    /// (seconds since 1970), daylight saving time included: how `htl import`
    /// turns exported times into local days.
    public static func utcOffset(at seconds: Int64) -> Int {
        var t = time_t(seconds)
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
