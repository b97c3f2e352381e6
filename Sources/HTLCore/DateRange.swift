/// An inclusive range of calendar days, written `2026-12-21..2027-01-03`.
public struct DateRange: Sendable, Equatable {
    public var start: CivilDate
    public var end: CivilDate

    public init(start: CivilDate, end: CivilDate) {
        self.start = start
        self.end = end
    }

    package func contains(_ date: CivilDate) -> Bool {
        start <= date && date <= end
    }

    /// Days of the range inside [from, to], both inclusive (0 when apart).
    package func overlap(from: CivilDate, to: CivilDate) -> Int {
        let first = max(start, from)
        let last = min(end, to)
        return first > last ? 0 : first.days(until: last) + 1
    }

    public var description: String { "\(start)..\(end)" }

    /// Parses exactly `YYYY-MM-DD..YYYY-MM-DD` (the days may be out of order;
    /// the caller judges that). Nil when the shape or a day is wrong.
    package static func parse(_ text: String) -> (CivilDate, CivilDate)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 22, bytes[10] == UInt8(ascii: "."), bytes[11] == UInt8(ascii: "."),
            let start = CivilDate.parse(bytes[0..<10]), let end = CivilDate.parse(bytes[12..<22])
        else { return nil }
        return (start, end)
    }
}
