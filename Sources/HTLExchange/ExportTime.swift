import HTLCore

/// Seconds east of UTC in effect at an instant (seconds since 1970): how an
/// exported time becomes a local calendar day. The command line passes the
/// machine's time zone; tests pass a fixed offset.
public typealias UTCOffset = @Sendable (Int64) -> Int

/// A time as exports write it, in ISO 8601: a day (`2026-11-20`), a local
/// time without a zone (`2026-11-20T07:10:00`), or an instant
/// (`2026-11-20T06:10:00Z`, `...+01:00`, fractions of seconds allowed).
package enum ExportTime: Sendable, Equatable {
    case day(CivilDate)
    case local(CivilDate, ClockTime)
    case instant(Int64)

    package static func parse(_ text: String) -> ExportTime? {
        var scanner = Scanner(bytes: Array(text.trimmingSpaces.utf8))
        guard let date = scanner.date() else { return nil }
        guard scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")) || scanner.take(UInt8(ascii: " "))
        else {
            return scanner.atEnd ? .day(date) : nil
        }
        guard let (hour, minute, second) = scanner.time(), let clock = ClockTime(hour: hour, minute: minute) else {
            return nil
        }
        if scanner.atEnd { return .local(date, clock) }
        guard let offset = scanner.zone(), scanner.atEnd else { return nil }
        let seconds = Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        return .instant(seconds)
    }

    /// The local day and time of day (none for a bare day).
    package func local(_ offset: UTCOffset) -> (date: CivilDate, time: ClockTime?) {
        switch self {
        case .day(let date): return (date, nil)
        case .local(let date, let time): return (date, time)
        case .instant(let seconds):
            let shifted = seconds + Int64(offset(seconds))
            let day = shifted >= 0 ? shifted / 86_400 : (shifted - 86_399) / 86_400
            let rest = Int(shifted - day * 86_400)
            return (CivilDate(dayNumber: Int(day)), ClockTime(hour: rest / 3600, minute: rest % 3600 / 60))
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0

        var atEnd: Bool { i == bytes.count }

        mutating func take(_ b: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == b else { return false }
            i += 1
            return true
        }

        mutating func number(_ width: Int) -> Int? {
            guard i + width <= bytes.count else { return nil }
            var value = 0
            for b in bytes[i..<i + width] {
                guard let d = digit(b) else { return nil }
                value = value * 10 + d
            }
            i += width
            return value
        }

        mutating func date() -> CivilDate? {
            guard i + 10 <= bytes.count, let date = CivilDate.parse(bytes[i..<i + 10]) else { return nil }
            i += 10
            return date
        }

        /// `HH:MM`, `HH:MM:SS`, `HH:MM:SS.fff`.
        mutating func time() -> (Int, Int, Int)? {
            guard let hour = number(2), take(UInt8(ascii: ":")), let minute = number(2) else { return nil }
            var second = 0
            if take(UInt8(ascii: ":")) {
                guard let s = number(2), s < 61 else { return nil }
                second = min(s, 59)
                if take(UInt8(ascii: ".")) || take(UInt8(ascii: ",")) {
                    let start = i
                    while i < bytes.count, digit(bytes[i]) != nil { i += 1 }
                    guard i > start else { return nil }
                }
            }
            return (hour, minute, second)
        }

        /// `Z`, `+HH:MM`, `+HHMM`, `+HH`: seconds east of UTC.
        mutating func zone() -> Int? {
            if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) { return 0 }
            let sign: Int
            if take(UInt8(ascii: "+")) { sign = 1 } else if take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
            guard let hours = number(2), hours <= 23 else { return nil }
            var minutes = 0
            if !atEnd {
                _ = take(UInt8(ascii: ":"))
                guard let m = number(2), m <= 59 else { return nil }
                minutes = m
            }
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}
