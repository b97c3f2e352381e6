import HTLKit
import HTLTestSupport
import Testing

@testable import HTLCheck

/// The conversion groups (roots) a goal's measures fall in: sorted, each once,
/// whether a goal has one measure, two (no sort) or more.
@Suite struct GoalUsesTests {
    @Test func rootsAreSortedAndEachOnce() {
        // km (0), min (1), hours (2, equals 60 min: root 1), sessions (3).
        let cases: [(String, [Int])] = [
            ("", []), ("  km: 5\n", [0]), ("  hours: 5\n", [1]), ("  hours: 5\n  min: 30\n", [1]),
            ("  sessions: 3\n  km: 5\n", [0, 3]),
            ("  km: 5\n  sessions: 3\n", [0, 3]), ("  hours: 5\n  km: 5\n  min: 30\n", [0, 1]),
            ("  actions: 4\n  km: 5\n", [0]),
        ]
        var files: [String: String?] = [:]
        for (n, (targets, _)) in cases.enumerated() {
            files["goals/g\(n).md"] =
                "---\ntitle: G\n" + (targets.isEmpty ? "" : "targets:\n" + targets) + "values:\n  health: 8\n---\n"
        }
        let ledger = SampleLedger.load(SampleLedger.with(files)).ledger
        let uses = GoalUses(ledger.goals, windows: ledger.goals.map(\.window), catalog: ledger.measures)
        for (n, (_, roots)) in cases.enumerated() {
            let position = ledger.goals.firstIndex { $0.id == "g\(n)" }!
            #expect(uses.roots[position] == roots, "g\(n)")
        }
    }
}
