/// A day of the week, as written in htl.yaml's `week_start`.
public enum Weekday: String, Sendable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// ISO 8601 number: Monday = 1 ... Sunday = 7.
    package var isoNumber: Int { Weekday.allCases.firstIndex(of: self)! + 1 }

    /// The latest day on or before `date` that falls on this weekday.
    package func onOrBefore(_ date: CivilDate) -> CivilDate {
        date.adding(days: -((date.isoWeekday - isoNumber + 7) % 7))
    }
}
