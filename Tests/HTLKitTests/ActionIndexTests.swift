import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

@testable import HTLProgress

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
            changes["goals/\(id).md"] =
                "---\ntitle: \(id)\nstart: \(date(windows[g].start))\ntarget: \(date(windows[g].end))\n"
                + "tags: [\(goalTags[g].joined(separator: ", "))]\n---\n## Action plan\n"
        }
        // Days are numbered from 2026-11-01 (1) to 2026-12-31 (61).
        // Tenths of a km, one in eight lines a correction; a link written twice now and then.
        var lines: [(day: Int, tenths: Int, links: [String], tags: [String])] = []
        for _ in 0..<300 {
            let day = Int.random(in: 1...61, using: &random)
            let tenths =
                Int.random(in: 0..<8, using: &random) == 0
                ? -Int.random(in: 1...20, using: &random) : Int.random(in: 1...99, using: &random)
            var links = goals.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
            if let first = links.first, Int.random(in: 0..<10, using: &random) == 0 { links.append(first) }
            let carried = tags.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
            lines.append((day, tenths, links, carried))
        }
        changes["log/2026.log"] =
            lines.map { line in
                let km = (line.tenths < 0 ? "-" : "") + "\(abs(line.tenths) / 10).\(abs(line.tenths) % 10)km"
                return ([date(line.day), "Walk", km] + line.links.map { "+" + $0 } + line.tags.map { "#" + $0 }).joined(
                    separator: " ")
            }.joined(separator: "\n") + "\n"
        let loaded = SampleLedger.load(SampleLedger.with(changes))
        #expect(loaded.ledger.actions.count == lines.count)
        let report = ProgressEngine.compute(loaded.ledger, today: today)
        let todayIndex = 22  // 2026-11-22
        let km = loaded.ledger.measures.index(for: "km")!
        var counting: [[Int]] = []
        for (g, id) in goals.enumerated() {
            let counts = lines.indices.filter { i in
                let line = lines[i]
                return line.links.contains(id)
                    || (windows[g].start...windows[g].end ~= line.day
                        && line.tags.contains { goalTags[g].contains($0) })
            }
            counting.append(counts)
            let progress = report.goal(id)!
            #expect(Array(progress.actionIndices) == counts.filter { lines[$0].day <= todayIndex }, "goal \(id)")
            #expect(Array(progress.upcomingActionIndices) == counts.filter { lines[$0].day > todayIndex }, "goal \(id)")
            // One count (FORMAT.md §7): lines up to today that are not corrections (all quantities negative here).
            let upToToday = counts.filter { lines[$0].day <= todayIndex }
            #expect(progress.actionCount == upToToday.filter { lines[$0].tenths > 0 }.count, "goal \(id)")
            #expect(progress.correctionCount == upToToday.filter { lines[$0].tenths < 0 }.count, "goal \(id)")
            #expect(progress.upcomingCount == counts.count - upToToday.count, "goal \(id)")
            // Any stretch of days: each counted action's km once, corrections no occurrence.
            for _ in 0..<20 {
                let from = Int.random(in: 0...62, using: &random)
                let through = Int.random(in: from...62, using: &random)
                let inDays = counts.filter { (from...through).contains(lines[$0].day) && lines[$0].day <= todayIndex }
                let totals = progress.actions.totals(
                    days: dayNumber(from)...dayNumber(through), measures: loaded.ledger.measures.measures.count)
                #expect(totals.count == inDays.count, "goal \(id) days \(from)...\(through)")
                #expect(
                    totals.occurrences == inDays.filter { lines[$0].tenths > 0 }.count,
                    "goal \(id) days \(from)...\(through)")
                #expect(
                    totals.amount(toward: km, catalog: loaded.ledger.measures)
                        == ExactDecimal(inDays.reduce(0) { $0 + lines[$1].tenths }).divided(by: 10)!,
                    "goal \(id) days \(from)...\(through)")
                let inDaysActions = inDays.filter { lines[$0].tenths > 0 }
                #expect(progress.actions.any(days: dayNumber(from)...dayNumber(through)) == !inDaysActions.isEmpty)
            }
        }
        // Actions several goals count are counted once among them (a value's last 30 days).
        for _ in 0..<20 {
            let chosen = goals.indices.filter { _ in Bool.random(using: &random) }
            let from = Int.random(in: 0...62, using: &random)
            let through = Int.random(in: from...62, using: &random)
            let distinct = Set(
                chosen.flatMap { counting[$0] }.filter {
                    (from...through).contains(lines[$0].day) && lines[$0].day <= todayIndex && lines[$0].tenths > 0
                })
            #expect(
                GoalActions.distinctCount(
                    chosen.map { report.goal(goals[$0])!.actions }, days: dayNumber(from)...dayNumber(through))
                    == distinct.count)
        }
        // And each action lists exactly the goals that count it.
        let listed = report.goalsCounting(Array(lines.indices), in: loaded.ledger.actions)
        for i in lines.indices {
            #expect(listed[i] == goals.indices.filter { counting[$0].contains(i) }.map { goals[$0] }, "line \(i)")
        }
    }

    /// Day `n` as a day number (0 is 2026-10-31).
    private func dayNumber(_ n: Int) -> Int32 {
        Int32(CivilDate.parse("2026-10-31")!.adding(days: n).dayNumber)
    }

    /// Day `n` of November (31 on: of December), as written in the log.
    private func date(_ n: Int) -> String {
        n <= 30 ? "2026-11-\(day(n))" : "2026-12-\(day(n - 30))"
    }

    private func day(_ n: Int) -> String {
        n < 10 ? "0\(n)" : "\(n)"
    }
}
