import HTLCore
import HTLModel

/// The running timer as status, the web app and the language server say
/// it (its JSON is written by the JSON folder, above this one).
public enum TimerWords {
    /// Minutes a running timer has run at `now`; nil when stopped or when `now` is a day without a time.
    public static func minutes(_ timer: TimerState, at now: Now) -> Int? {
        guard timer.running, case .clock(let date, let time) = now else { return nil }
        return max(timer.minutes(until: date, time), 0)
    }

    /// "Timer: Piano scales +piano-20h, since 18:47 (25 min)"; the date too when it started on another day.
    public static func line(_ timer: TimerState, at now: Now) -> String {
        let day: CivilDate
        switch now {
        case .day(let d): day = d
        case .clock(let d, _): day = d
        }
        let since = timer.date == day ? "\(timer.time)" : "\(timer.date) \(timer.time)"
        let ran = minutes(timer, at: now).map { " (\($0) min)" } ?? ""
        return "Timer: \(timer.text), since \(since)\(ran)"
    }
}
