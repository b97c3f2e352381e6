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
        parse(Array(bytes).span)
    }

    /// The same without generics or allocation: the log parser calls it for every timed line.
    package static func parse(_ bytes: Span<UInt8>) -> ClockTime? {
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return nil }
        for i in [0, 1, 3, 4] where bytes[i] < 0x30 || bytes[i] > 0x39 { return nil }
        let (h1, h2, m1, m2) = (Int(bytes[0] - 0x30), Int(bytes[1] - 0x30), Int(bytes[3] - 0x30), Int(bytes[4] - 0x30))
        return ClockTime(hour: h1 * 10 + h2, minute: m1 * 10 + m2)
    }

    /// `D+:D+`: a token the log reads as a time, valid or not (`7:5`, `25:00`).
    package static func isShaped(_ bytes: Span<UInt8>) -> Bool {
        var colon = -1
        for k in bytes.indices {
            let b = bytes[k]
            if b == UInt8(ascii: ":") {
                if colon >= 0 { return false }
                colon = k
            } else if b < UInt8(ascii: "0") || b > UInt8(ascii: "9") {
                return false
            }
        }
        return colon > 0 && colon < bytes.count - 1
    }

    public static func parse(_ text: String) -> ClockTime? {
        parse(Array(text.utf8))
    }
}
