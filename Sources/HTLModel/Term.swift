import HTLCore

/// A ten-week term, `terms/<id>.md`.
public struct Term: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        case planned, active, completed, delayed
        case onHold = "on_hold"
        case cancelled
    }

    public var id: String
    public var path: String
    public var number: Int
    public var title: String
    public var start: CivilDate
    /// Inclusive last day.
    package var end: CivilDate
    package var theme: String?
    public var status: Status?
    package var numberLocation: SourceLocation

    public var location: SourceLocation { SourceLocation(path: path, line: 1, column: 1) }

    /// Length in days, start and end included.
    package var lengthInDays: Int { start.days(until: end) + 1 }

    /// Whether the term is under way on a day: its `status` says so, or,
    /// without a status, the day lies in [start, end] (FORMAT.md §9).
    package func isActive(on day: CivilDate) -> Bool {
        if let status { return status == .active }
        return start <= day && day <= end
    }

    /// Number of weeks the term spans (a partial week counts).
    package var weeks: Int { (lengthInDays + 6) / 7 }

    package init(
        id: String, path: String, number: Int, title: String, start: CivilDate, end: CivilDate, theme: String? = nil,
        status: Status? = nil, numberLocation: SourceLocation
    ) {
        self.id = id
        self.path = path
        self.number = number
        self.title = title
        self.start = start
        self.end = end
        self.theme = theme
        self.status = status
        self.numberLocation = numberLocation
    }
}
