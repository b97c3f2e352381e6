/// A goal of a synthetic ledger while it is being written: its window, what
/// it counts, and its file's text around the targets, which are set once
/// the log is written (`SyntheticLedger.files`).
struct SyntheticGoal {
    let number: Int
    let start: Int
    let end: Int
    /// The last day its actions fall on: its end, or today when it ends later.
    let lastCountedDay: Int
    let tag: String
    /// The measures it has targets in, the first one first.
    var measures: [String]
    /// Per measure, the target as a percentage of what the goal counts
    /// (for a goal still running, of what it will count at this pace).
    var percents: [Int] = []
    /// The front matter before the targets, and everything after them.
    var head = ""
    var tail = ""

    init(number: Int, start: Int, end: Int, lastCountedDay: Int, tag: String, measures: [String]) {
        self.number = number
        self.start = start
        self.end = end
        self.lastCountedDay = lastCountedDay
        self.tag = tag
        self.measures = measures
    }

    var id: String { "g" + SyntheticLedger.pad(number, 5) }

    /// The goal's file, its targets set from `tenths`: what its actions add
    /// up to in each of its measures. A goal that has ended gets at most
    /// what it counted (complete, as a real person's past goals mostly are;
    /// a measure no action of it logged gets no target, and one that
    /// logged none at all keeps a target of 1 in its first, not met). A
    /// goal still running gets what it will count by its end at today's
    /// pace, times its percentage (in progress: some ahead, some behind).
    func text(counted tenths: [Int]) -> String {
        let running = lastCountedDay < end
        var targets = ""
        for (index, measure) in measures.enumerated() where running || tenths[index] > 0 {
            var amount = tenths[index]
            if running, lastCountedDay >= start {
                amount = amount * (end - start + 1) / (lastCountedDay - start + 1)
            }
            let percent = running ? percents[index] : min(percents[index], 100)
            targets += "  \(measure): \(max(1, amount * percent / 1000))\n"
        }
        return head + "targets:\n" + (targets.isEmpty ? "  \(measures[0]): 1\n" : targets) + tail
    }
}

/// A line of a synthetic log, with what it counts for.
struct SyntheticLine {
    let day: Int
    let text: String
    /// The goal it was written for (its index); true when it links that
    /// goal, false when it carries the goal's tag instead.
    let goal: Int
    let linked: Bool
    let measure: String
    /// Its quantity, in tenths of `measure`.
    let tenths: Int
}

extension SyntheticLedger {
    /// Per goal and measure, what its actions add up to in tenths, as htl
    /// counts them: the lines that link the goal, and the lines that carry
    /// its tag inside its window, in that measure or one that converts to it
    /// (`hours` equals 60 `min`), each measure summed first and then
    /// converted once.
    static func countedTenths(goals: [SyntheticGoal], lines: [SyntheticLine]) -> [[Int]] {
        // Per goal, per measure it counts: the tenths logged in it, and in the other time measure.
        var same = goals.map { [Int](repeating: 0, count: $0.measures.count) }
        var other = same
        func add(_ line: SyntheticLine, to g: Int) {
            for (index, measure) in goals[g].measures.enumerated() {
                if line.measure == measure {
                    same[g][index] += line.tenths
                } else if timeMeasures.contains(line.measure), timeMeasures.contains(measure) {
                    other[g][index] += line.tenths
                }
            }
        }
        var taggedLines: [String: [Int]] = [:]
        for (position, line) in lines.enumerated() {
            if line.linked {
                add(line, to: line.goal)
            } else {
                taggedLines[goals[line.goal].tag, default: []].append(position)
            }
        }
        for (g, goal) in goals.enumerated() {
            for position in taggedLines[goal.tag] ?? []
            where goal.start <= lines[position].day && lines[position].day <= goal.lastCountedDay {
                add(lines[position], to: g)
            }
        }
        return goals.indices.map { g in
            goals[g].measures.indices.map { index in
                same[g][index] + (goals[g].measures[index] == "min" ? other[g][index] * 60 : other[g][index] / 60)
            }
        }
    }

    /// The two measures of the generated ledgers that convert to each other.
    static let timeMeasures = ["min", "hours"]
}
