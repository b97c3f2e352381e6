/// A goal of a synthetic ledger while it is being written: its window, what
/// it counts, and its file's text around the targets, which are set once
/// the log is written (`SyntheticLedger.files`).
struct SyntheticGoal {
    let number: Int
    let start: Int
    let end: Int
    /// The last day its actions fall on: its end, or today when it ends later.
    let counted: Int
    let tag: String
    /// The measures it has targets in, the first one first.
    var measures: [String]
    /// Per measure, the target as a percentage of what the goal counts
    /// (for a goal still running, of what it will count at this pace).
    var percents: [Int] = []
    /// The front matter before the targets, and everything after them.
    var head = ""
    var tail = ""

    init(number: Int, start: Int, end: Int, counted: Int, tag: String, measures: [String]) {
        self.number = number
        self.start = start
        self.end = end
        self.counted = counted
        self.tag = tag
        self.measures = measures
    }

    var id: String { "g" + SyntheticLedger.pad(number, 5) }

    /// The goal's file, its targets set from `counted`: what its actions add
    /// up to, in tenths of each of its measures. A goal that has ended gets
    /// at most what it counted (it is complete, as a real person's past
    /// goals mostly are); a goal still running gets what it will count by
    /// its end at today's pace, times its percentage (so it is in progress,
    /// some ahead and some behind, as on a real dashboard).
    func text(counted tenths: [Int], today: Int) -> String {
        var text = head + "targets:\n"
        for (index, measure) in measures.enumerated() {
            var percent = percents[index]
            var amount = tenths[index]
            if end > today {
                amount = amount * (end - start + 1) / max(1, counted - start + 1)
            } else {
                percent = min(percent, 100)
            }
            text += "  \(measure): \(max(1, amount * percent / 1000))\n"
        }
        return text + tail
    }
}

/// A line of a synthetic log, with what it counts for.
struct SyntheticLine {
    let day: Int
    let text: String
    /// The goal it was written for (its index), and whether it links that
    /// goal (or carries the goal's tag).
    let goal: Int
    let linked: Bool
    let measure: String
    /// Its quantity, in tenths of `measure`.
    let tenths: Int
}

extension SyntheticLedger {
    /// Per goal and measure, what its actions add up to in tenths, as htl
    /// counts them: the lines that link the goal, and the lines that carry
    /// its tag inside its window, in that measure or one it converts to
    /// (an hour is 60 min).
    static func countedTenths(goals: [SyntheticGoal], lines: [SyntheticLine]) -> [[Int]] {
        var tenths = goals.map { [Int](repeating: 0, count: $0.measures.count) }
        var taggedLines: [String: [SyntheticLine]] = [:]
        for line in lines {
            if line.linked {
                add(line, to: &tenths[line.goal], of: goals[line.goal])
            } else {
                taggedLines[goals[line.goal].tag, default: []].append(line)
            }
        }
        for (index, goal) in goals.enumerated() {
            for line in taggedLines[goal.tag] ?? [] where line.day >= goal.start && line.day <= goal.counted {
                add(line, to: &tenths[index], of: goal)
            }
        }
        return tenths
    }

    static func add(_ line: SyntheticLine, to tenths: inout [Int], of goal: SyntheticGoal) {
        for (index, measure) in goal.measures.enumerated() {
            switch (line.measure, measure) {
            case _ where line.measure == measure: tenths[index] += line.tenths
            case ("hours", "min"): tenths[index] += line.tenths * 60
            case ("min", "hours"): tenths[index] += line.tenths / 60
            default: break
            }
        }
    }
}
