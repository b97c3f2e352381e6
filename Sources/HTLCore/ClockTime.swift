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
        Array(bytes).withUnsafeBufferPointer { parse($0) }
    }

    /// The same without generics or allocation: the log parser calls it for every timed line.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ClockTime? {
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return nil }
        for i in [0, 1, 3, 4] where bytes[i] < 0x30 || bytes[i] > 0x39 { return nil }
        let digit = { (i: Int) in Int(bytes[i] - 0x30) }
        return ClockTime(hour: digit(0) * 10 + digit(1), minute: digit(3) * 10 + digit(4))
    }

    /// `D+:D+`: a token the log reads as a time, valid or not (`7:5`, `25:00`).
    package static func isShaped(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var colon = -1
        for (k, b) in bytes.enumerated() {
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
