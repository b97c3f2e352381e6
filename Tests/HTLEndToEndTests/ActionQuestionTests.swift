import Foundation
import HTLTestSupport
import Testing

/// `htl actions --where … --by … --sum …` on goals-example, each number
/// added up by hand from log/2026.log.
@Suite struct ActionQuestionTests {
    static let example = ["-C", Paths.root.appendingPathComponent("goals-example").path, "--today", "2026-11-22"]

    func htl(_ arguments: [String]) throws -> HTLBinary.Result {
        try HTLBinary.run(["actions"] + arguments + Self.example)
    }

    /// The run goal by week: 5.2 + 4.6 + 8.4; 5 − 0.8 (a correction, not an
    /// action) + 7.6; 4 + 4.8 + 6.2 km.
    @Test func kilometresPerWeekTowardTheRunGoal() throws {
        let text = try htl(["--where", "+run-100km", "--by", "week", "--sum", "km"])
        #expect(text.status == 0)
        #expect(
            text.stdout == """
                week        actions    km
                2026-11-02        3  18.2
                2026-11-09        2  11.8
                2026-11-16        3    15
                (total)           8    45

                """)
        let csv = try htl(["--where", "+run-100km", "--by", "week", "--sum", "km", "--format", "csv"]).stdout
        #expect(csv == "week,actions,km\n2026-11-02,3,18.2\n2026-11-09,2,11.8\n2026-11-16,3,15\n(total),8,45\n")
        let json = try htl(["--where", "+run-100km", "--by", "week", "--sum", "km", "--json"]).stdout
        #expect(
            json.hasPrefix(
                "{\n  \"where\": \"+run-100km\",\n  \"by\": \"week\",\n  \"sums\": [\"km\"],\n  \"rows\": [\n    {\n"
                    + "      \"key\": \"2026-11-02\",\n      \"actions\": 3,\n      \"sums\": {\n        \"km\": 18.2\n"
            ),
            "\(json)")
        #expect(
            json.hasSuffix("\"total\": {\n    \"actions\": 8,\n    \"sums\": {\n      \"km\": 45\n    }\n  }\n}\n"),
            "\(json)")
    }

    /// Tagged runs of 5 km or more in November, per day, with their minutes.
    @Test func aFilteredTableAndAFilteredList() throws {
        let table = try htl(["--where", "#running and km>=5 and date>=2026-11-01", "--by", "day", "--sum", "km,min"])
        #expect(
            table.stdout == """
                day         actions    km  min
                2026-11-10        1     5   33
                2026-11-22        1   6.2   39
                (total)           2  11.2   72

                """, "\(table.stdout)")
        let list = try htl(["--where", "text~\"first frost\" or correction and km<0"]).stdout
        #expect(list.contains("Long run in the first frost"))
        #expect(list.contains("Correction: the watch double-counted"))
        #expect(!list.contains("Tempo run"))
    }

    /// The README's question, "how many km did I run per month this year?".
    @Test func theReadmesQuestion() throws {
        let readme = try String(
            contentsOfFile: Paths.root.appendingPathComponent("README.md").path, encoding: .utf8)
        let answer = try htl(["--where", "date>=2026-01-01 and #running", "--by", "month", "--sum", "km"]).stdout
        #expect(
            readme.contains(
                "$ htl actions --where 'date>=2026-01-01 and #running' --by month --sum km\n" + answer + "```"))
        #expect(answer.hasSuffix("(total)       23  158.7\n"))
    }

    @Test func aBadExpressionShowsWhereAndExitsTwo() throws {
        let bad = try htl(["--where", "+run-100km and kms>5"])
        #expect(bad.status == 2)
        #expect(
            bad.stderr == """
                htl: --where: no measure 'kms' (did you mean 'km'?)
                  +run-100km and kms>5
                                 ^

                """)
        let by = try htl(["--by", "year"])
        #expect(by.status == 2 && by.stderr.contains("--by takes day, week, month, goal or tag, not 'year'"))
    }
}
