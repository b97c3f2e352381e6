import HTLKit
import HTLTestSupport
import Testing

@testable import HTLProgress

/// `htl actions --where`: the grammar of CLI.md, term by term, on a small log.
@Suite struct ActionQueryTests {
    static let log = """
        2026-11-03 Run by the lake 5km 30min +run #outdoors
        2026-11-04 Swim 2hours
        2026-11-05 Run on the river path 8km 50min +run
        2026-11-06 Correction -1km +run
        2026-11-07 Yoga 45min #outdoors

        """

    let loaded = SampleLedger.load(SampleLedger.with(["log/2026.log": Self.log]))

    /// The lines (1-based in the log) the expression selects.
    func lines(_ expression: String) throws -> [Int] {
        let report = ProgressEngine.compute(loaded.ledger, today: SampleLedger.today)
        let query = try ActionQuery(expression, ledger: loaded.ledger, report: report)
        return loaded.ledger.actions.indices.filter(query.matches).map { loaded.ledger.actions[$0].line }
    }

    @Test func eachTerm() throws {
        #expect(try lines("+run") == [1, 3, 4])
        #expect(try lines("#outdoors") == [1, 5])
        #expect(try lines("#OUTDOORS") == [1, 5])
        #expect(try lines("km>5") == [3])
        #expect(try lines("km<=5") == [1, 4])  // -1 km too; the swim has no km
        #expect(try lines("min>=60") == [2])  // 2 hours convert to 120 min
        #expect(try lines("hours=2") == [2])
        #expect(try lines("date>=2026-11-05") == [3, 4, 5])
        #expect(try lines("date!=2026-11-05") == [1, 2, 4, 5])
        #expect(try lines("text~LAKE") == [1])
        #expect(try lines("text~\"river path\"") == [3])
        #expect(try lines("correction") == [4])
    }

    @Test func andBindsTighterThanOrAndParenthesesGroup() throws {
        #expect(try lines("#outdoors or +run and km>5") == [1, 3, 5])
        #expect(try lines("(#outdoors or +run) and km>5") == [3])
        #expect(try lines("not correction and +run") == [1, 3])
        #expect(try lines("not (+run or #outdoors)") == [2])
        #expect(try lines("not not correction") == [4])
    }

    @Test func aBadExpressionNamesItsToken() {
        let cases: [(String, String, Int)] = [
            ("kms>5", "no measure 'kms' (did you mean 'km'?)", 1),
            ("+run and +rn", "no goal 'rn' (did you mean 'run'?)", 10),
            (String(repeating: "(", count: 65) + "#x", "more than 64 'not' and '(' around one term", 65),
            (
                Array(repeating: "#x", count: 501).joined(separator: " or "),
                "the expression has more than 1000 words and parentheses", 3001
            ),
            ("+run and", "the expression ends where a term was expected", 9),
            ("(+run or #x", "this '(' is not closed", 1),
            ("+run #x", "expected 'and', 'or' or the end, found '#x'", 6),
            ("km>five", "'five' is not a number", 1),
            ("date<2026-13-01", "'2026-13-01' is not a date YYYY-MM-DD", 1),
            ("run", "'run' is not a term: +goal, #tag, km>5, date>=2026-11-01, text~word or correction", 1),
            ("or #x", "expected a term, found 'or'", 1),
            ("text~\"open", "a quote is not closed", 1),
            ("", "the expression is empty", 1),
        ]
        for (expression, message, column) in cases {
            #expect(throws: ActionQuery.SyntaxError(message: message, column: column), "\(expression)") {
                _ = try lines(expression)
            }
        }
    }

    /// Totals per group, exact, conversions applied; corrections add to sums, not to counts.
    @Test func aTableOfTotals() throws {
        let report = ProgressEngine.compute(loaded.ledger, today: SampleLedger.today)
        let all = Array(loaded.ledger.actions.indices)
        let byGoal = try ActionTable(all, by: .goal, summing: ["km", "hours"], ledger: loaded.ledger, report: report)
        #expect(byGoal.measures == ["km", "hours"])
        #expect(
            byGoal.rows.map { "\($0.key) \($0.actions) \($0.sums.map(\.description))" } == [
                "run 2 [\"12\", \"1.333333\"]",  // 5 − 1 + 8 km; 30 + 50 min = 80 min
                "(none) 2 [\"0\", \"2.75\"]",  // 2 hours + 45 min
            ])
        #expect(byGoal.total.actions == 4 && byGoal.total.sums.map(\.description) == ["12", "4.083333"])
        let byTag = try ActionTable(all, by: .tag, summing: [], ledger: loaded.ledger, report: report)
        #expect(byTag.rows.map { "\($0.key) \($0.actions)" } == ["outdoors 2", "(none) 2"])
        #expect(throws: HTLError("--sum: no measure 'kms' (did you mean 'km'?)")) {
            _ = try ActionTable(all, by: nil, summing: ["kms"], ledger: loaded.ledger, report: report)
        }
    }
}
