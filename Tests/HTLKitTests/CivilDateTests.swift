import HTLKit
import Testing

@Suite struct CivilDateTests {
    @Test func parsesRealDates() {
        #expect(CivilDate.parse("2026-11-20")?.description == "2026-11-20")
        #expect(CivilDate.parse("2024-02-29") != nil)
        #expect(CivilDate.parse("2000-02-29") != nil)
    }

    @Test(arguments: [
        "2026-02-30", "2025-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "0000-01-01",
        "2026-1-01", "26-11-20", "2026/11/20", "2026-11-20x", "",
    ])
    func rejectsImpossibleOrMalformedDates(_ text: String) {
        #expect(CivilDate.parse(text) == nil)
    }

    @Test func dayNumbersRoundTripAcrossFourCenturies() {
        var date = CivilDate(year: 1850, month: 1, day: 1)!
        var expected = (year: 1850, month: 1, day: 1)
        for _ in 0..<146_097 {
            let parts = date.parts
            #expect(parts.year == expected.year && parts.month == expected.month && parts.day == expected.day)
            date = date.adding(days: 1)
            expected.day += 1
            if expected.day > daysIn(expected.month, expected.year) {
                expected.day = 1
                expected.month += 1
                if expected.month > 12 {
                    expected.month = 1
                    expected.year += 1
                }
            }
        }
    }

    @Test func arithmeticAndWeekdays() {
        let d = CivilDate.parse("2026-11-02")!
        #expect(d.adding(days: 69).description == "2027-01-10")
        #expect(d.days(until: CivilDate.parse("2027-01-10")!) == 69)
        #expect(d.isoWeekday == 1)  // a Monday
        #expect(CivilDate.parse("2026-11-22")!.isoWeekday == 7)
        #expect(CivilDate(dayNumber: 0).description == "1970-01-01")
    }

    @Test func times() {
        #expect(ClockTime.parse("07:10")?.description == "07:10")
        #expect(ClockTime.parse("23:59") != nil)
        #expect(ClockTime.parse("24:00") == nil)
        #expect(ClockTime.parse("7:10") == nil)
        #expect(ClockTime.parse("12:60") == nil)
    }

    private func daysIn(_ month: Int, _ year: Int) -> Int {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }
}
