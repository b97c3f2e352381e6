/// A time of day written `HH:MM` (24-hour), as in a log line.
public struct ClockTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since midnight, 0 ..< 1440.
    package let minuteOfDay: Int

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        minuteOfDay = hour * 60 + minute
    }

    public var description: String {
        pad(minuteOfDay / 60, 2) + ":" + pad(minuteOfDay % 60, 2)
    }

    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool {
        lhs.minuteOfDay < rhs.minuteOfDay
    }

    /// Parses exactly `HH:MM` from UTF-8 bytes.
    public static func parse<C: Collection>(_ bytes: C) -> ClockTime? where C.Element == UInt8 {
        guard bytes.count == 5 else { return nil }
        var v = [Int]()
        v.reserveCapacity(4)
        for (i, b) in bytes.enumerated() {
            if i == 2 {
                guard b == UInt8(ascii: ":") else { return nil }
            } else {
                guard b >= 0x30, b <= 0x39 else { return nil }
                v.append(Int(b - 0x30))
            }
        }
        return ClockTime(hour: v[0] * 10 + v[1], minute: v[2] * 10 + v[3])
    }

    public static func parse(_ text: String) -> ClockTime? {
        parse(Array(text.utf8))
    }
}
