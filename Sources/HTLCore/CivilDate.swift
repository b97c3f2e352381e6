/// A calendar date with no time zone: what a person writes as `2026-11-20`.
///
/// Stored as a day number (days since 1970-01-01) so that comparison and
/// arithmetic are integer operations; the year, month and day are derived.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public let dayNumber: Int

    public init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// A date from its parts, or nil when the parts do not name a real day
    /// (2026-02-30, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= CivilDate.daysIn(month: month, year: year)
        else { return nil }
        self.dayNumber = CivilDate.days(year: year, month: month, day: day)
    }

    public var parts: (year: Int, month: Int, day: Int) {
        // Inverse of `days(year:month:day:)` (proleptic Gregorian calendar).
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    public var year: Int { parts.year }

    /// ISO 8601 weekday: Monday = 1 ... Sunday = 7.
    package var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        let r = (dayNumber + 3) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    package func adding(days: Int) -> CivilDate {
        CivilDate(dayNumber: dayNumber + days)
    }

    /// The last day htl can write: 9999-12-31.
    package static let latest = CivilDate(year: 9999, month: 12, day: 31)!

    /// The first day of this date's month.
    package var firstOfMonth: CivilDate {
        adding(days: 1 - parts.day)
    }

    /// The last day of this date's month.
    package var lastOfMonth: CivilDate {
        let (y, m, d) = parts
        return adding(days: CivilDate.daysIn(month: m, year: y) - d)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    package func days(until other: CivilDate) -> Int {
        other.dayNumber - dayNumber
    }

    public var description: String {
        let (y, m, d) = parts
        return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    /// Parses exactly `YYYY-MM-DD` from UTF-8 bytes.
    public static func parse<C: Collection>(_ bytes: C) -> CivilDate? where C.Element == UInt8 {
        parse(Array(bytes).span)
    }

    /// The same without generics or allocation: the log parser calls it once per line.
    package static func parse(_ bytes: Span<UInt8>) -> CivilDate? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        var year = 0
        var month = 0
        var day = 0
        for i in 0..<10 where i != 4 && i != 7 {
            let b = bytes[i]
            guard b >= 0x30, b <= 0x39 else { return nil }
            let digit = Int(b - 0x30)
            if i < 4 {
                year = year * 10 + digit
            } else if i < 7 {
                month = month * 10 + digit
            } else {
                day = day * 10 + digit
            }
        }
        return CivilDate(year: year, month: month, day: day)
    }

    public static func parse(_ text: String) -> CivilDate? {
        parse(Array(text.utf8))
    }

    /// True when the bytes have the shape `DDDD-DD-DD`, whether or not the day is real.
    package static func hasDateShape<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        guard bytes.count == 10 else { return false }
        for (i, b) in bytes.enumerated() {
            if i == 4 || i == 7 {
                if b != UInt8(ascii: "-") { return false }
            } else if b < 0x30 || b > 0x39 {
                return false
            }
        }
        return true
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]

    /// Why text shaped `DDDD-DD-DD` names no real day ("November 2026 has 30
    /// days"); nil when it does, or when it is not date-shaped at all.
    public static func whyNotReal(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard hasDateShape(bytes), parse(bytes) == nil else { return nil }
        let n = bytes.map { Int($0) - 0x30 }
        let (year, month, day) = (n[0] * 1000 + n[1] * 100 + n[2] * 10 + n[3], n[5] * 10 + n[6], n[8] * 10 + n[9])
        if year == 0 { return "there is no year 0" }
        if !(1...12).contains(month) { return "there is no month \(month)" }
        if day == 0 { return "there is no day 0" }
        return "\(monthNames[month - 1]) \(year) has \(daysIn(month: month, year: year)) days"
    }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

@inline(__always)
package func pad(_ value: Int, _ width: Int) -> String {
    let s = String(value)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
