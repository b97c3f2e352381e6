import HTLKit
import Testing

/// Numbers and dates written straight into a JSON document's bytes.
@Suite struct JSONBytesTests {
    @Test func integersAndDates() {
        var out = JSONBytes()
        for n in [0, 7, 10, 99, 100, 2026, -1, -450, Int.max, Int.min] {
            out.append(n)
            out.append(" ")
        }
        for (y, m, d) in [(2026, 11, 23), (1, 1, 1), (9999, 12, 31), (987, 2, 9)] {
            out.appendQuoted(CivilDate(year: y, month: m, day: d)!)
        }
        #expect(out.text == "0 7 10 99 100 2026 -1 -450 9223372036854775807 -9223372036854775808 "
            + "\"2026-11-23\"\"0001-01-01\"\"9999-12-31\"\"0987-02-09\"")
    }
}
