import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

/// The index groups the log by linked goal and by tag in slices, on every
/// core; what a goal counts must be what reading the log line by line gives.
@Suite struct ActionIndexTests {
    let today = SampleLedger.today  // 2026-11-22

    /// A log of a few hundred lines (many slices), its days out of order,
    /// links and tags shared among goals in any mix; each goal's counted and
    /// upcoming actions are compared with the rule of FORMAT.md §7 applied
    /// to every line: an action linking the goal counts wherever it is
    /// dated, one carrying a goal's tag only inside the goal's window, each
    /// action once, and only from its day on.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func whatEachGoalCountsIsWhatTheLogSays(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let goals = ["a", "b", "c", "d", "e"]
        let tags = ["t0", "t1", "t2", "t3"]
        let windows = goals.map { _ -> (start: Int, end: Int) in
            let start = Int.random(in: 1...20, using: &random)
            return (start, start + Int.random(in: 0...25, using: &random))
        }
        let goalTags = goals.map { _ in tags.filter { _ in Bool.random(using: &random) } }
        var changes: [String: String?] = ["goals/run.md": nil]
        for (g, id) in goals.enumerated() {
            changes["goals/\(id).md"] = "---\ntitle: \(id)\nstart: \(date(windows[g].start))\ntarget: \(date(windows[g].end))\n"
                + "tags: [\(goalTags[g].joined(separator: ", "))]\n---\n## Action plan\n"
        }
        // Days are numbered from 2026-11-01 (1) to 2026-12-31 (61).
        var lines: [(day: Int, links: [String], tags: [String])] = []
        for _ in 0..<300 {
            let day = Int.random(in: 1...61, using: &random)
            let links = goals.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
            let carried = tags.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
            lines.append((day, links, carried))
        }
        changes["log/2026.log"] = lines.map { line in
            ([date(line.day), "Walk", "1km"] + line.links.map { "+" + $0 } + line.tags.map { "#" + $0 }).joined(separator: " ")
        }.joined(separator: "\n") + "\n"
        let loaded = SampleLedger.load(SampleLedger.with(changes))
        #expect(loaded.ledger.actions.count == lines.count)
        let report = ProgressEngine.compute(loaded.ledger, today: today)
        let todayIndex = 22  // 2026-11-22
        for (g, id) in goals.enumerated() {
            let counts = lines.indices.filter { i in
                let line = lines[i]
                return line.links.contains(id)
                    || (windows[g].start...windows[g].end ~= line.day && line.tags.contains { goalTags[g].contains($0) })
            }
            let progress = report.goal(id)!
            #expect(Array(progress.actionIndices) == counts.filter { lines[$0].day <= todayIndex }, "goal \(id)")
            #expect(Array(progress.upcomingActionIndices) == counts.filter { lines[$0].day > todayIndex }, "goal \(id)")
        }
    }

    /// Day `n` of November (31 on: of December), as written in the log.
    private func date(_ n: Int) -> String {
        n <= 30 ? "2026-11-\(day(n))" : "2026-12-\(day(n - 30))"
    }

    private func day(_ n: Int) -> String {
        n < 10 ? "0\(n)" : "\(n)"
    }
}
