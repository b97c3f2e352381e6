import HTLCore

/// Deterministic synthetic ledgers for benchmarks and property tests: the
/// same seed and sizes always give the same bytes, and the ledger checks
/// clean (no errors, no warnings) on 2026-11-22.
public enum SyntheticLedger {
    public static let today = (year: 2026, month: 11, day: 22)

    static let measures = ["km", "min", "hours", "sessions", "pages", "eur"]

    /// km, min, hours (60 min) and sessions, with aliases: the measures most
    /// test ledgers need.
    public static let basicMeasures = """
        km:
          type: distance
          aliases: [kilometre, kilometres]
        min:
          type: time
          aliases: [minutes]
        hours:
          type: time
          equals: 60 min
        sessions:
          type: count
          aliases: [session]

        """
    /// About fifty goals share a tag at every size (at least twenty tags): a
    /// goal counts its tag's actions inside its window, so a fixed set of tags
    /// would make ten times the goals count a hundred times the actions,
    /// which is not what a larger ledger of a real person looks like.
    static func tags(goals: Int) -> [String] {
        (1...max(20, goals / 50)).map { "tag\($0)" }
    }
    static let words = [
        "morning", "run", "read", "practice", "session", "walk", "review", "notes", "call", "plan",
        "garden", "write", "draft", "study", "lesson", "cook", "clean", "fix", "train", "stretch",
    ]

    /// Goals of past terms are complete on 2026-11-22 (but those no line
    /// counts for, and, with `cadence`, those that missed a week), the
    /// current term's in progress: targets are set from what the log adds
    /// up to (`SyntheticGoal.text`). `cadence`: every second goal also keeps
    /// a weekly cadence in its first measure (the ledger is otherwise byte
    /// for byte the same). `sharedWindow`: every goal runs through the
    /// current term, forty goals share each tag, and nine lines in ten
    /// count through their tag: each line counts toward forty goals.
    public static func files(
        goals goalCount: Int, logLines: Int, seed: UInt64 = 1, cadence: Bool = false,
        sharedWindow: Bool = false
    ) -> [(path: String, text: String)] {
        var rng = SeededGenerator(seed: seed)
        var files: [(String, String)] = []
        files.append(
            (
                "htl.yaml",
                "htl: 1\ntitle: Synthetic ledger (\(goalCount) goals, \(logLines) log lines)\nterm_weeks: 10\n"
            ))
        files.append(("measures.yaml", basicMeasures + "pages:\n  type: count\neur:\n  type: currency\n"))
        let levels = ["highest_order", "major", "general", "life_area"]
        for v in 1...12 {
            let level = levels[v % 4]
            var text = "---\ntitle: Value \(v)\nlevel: \(level)\n"
            if level == "major" { text += "guidance: Live value \(v) every day.\n" }
            text += "---\nWhy value \(v) matters.\n"
            files.append(("values/v\(pad(v, 2)).md", text))
        }
        // Six ten-week terms, back to back, from Monday 2025-12-29 (day numbers relative to it).
        let firstTermStart = dayNumber(2025, 12, 29)
        for t in 1...6 {
            files.append(
                (
                    "terms/term-\(t).md",
                    "---\nnumber: \(t)\nstart: \(date(firstTermStart + (t - 1) * 70))\n---\nTerm \(t) plans.\n"
                ))
        }
        let todayNumber = dayNumber(today.year, today.month, today.day)
        let tags = sharedWindow ? (1...max(1, goalCount / 40)).map { "tag\($0)" } : tags(goals: goalCount)
        let goals = (1...max(goalCount, 1)).map {
            goal(
                $0, tags: tags, firstTermStart: firstTermStart, today: todayNumber, cadence: cadence,
                sharedWindow: sharedWindow, using: &rng)
        }
        // Log lines inside their goal's window, in date order.
        var lines: [SyntheticLine] = []
        lines.reserveCapacity(logLines)
        // No goal, no line (each line is written for a goal).
        for _ in 0..<(goalCount > 0 ? logLines : 0) {
            let index = Int.random(in: 0..<goalCount, using: &rng)
            lines.append(line(for: index, of: goals[index], linkedTenths: sharedWindow ? 1 : 7, using: &rng))
        }
        let counted = countedTenths(goals: goals, lines: lines)
        for (index, goal) in goals.enumerated() where index < goalCount {
            files.append(("goals/\(goal.id).md", goal.text(counted: counted[index])))
        }
        lines.sort { $0.day < $1.day }
        files.append(("log/2026.log", "# synthetic log\n" + lines.map { $0.text + "\n" }.joined()))
        return files
    }

    /// Goal `g`: a window inside one of the first five terms, a tag, one or
    /// two measures it counts; its targets are set once the log is written.
    static func goal(
        _ g: Int, tags: [String], firstTermStart: Int, today: Int, cadence: Bool, sharedWindow: Bool,
        using rng: inout SeededGenerator
    ) -> SyntheticGoal {
        let term = sharedWindow ? 5 : Int.random(in: 1...5, using: &rng)
        let termStart = firstTermStart + (term - 1) * 70
        let start = termStart + (sharedWindow ? 0 : Int.random(in: 0...14, using: &rng))
        let end = termStart + 69 - (sharedWindow ? 0 : Int.random(in: 0...7, using: &rng))
        let tag = sharedWindow ? tags[(g - 1) % tags.count] : tags.randomElement(using: &rng)!
        let m1 = measures.randomElement(using: &rng)!
        var m2 = measures.randomElement(using: &rng)!
        // Two measures that do not convert to each other (each target counts its own amounts).
        while m2 == m1 || (timeMeasures.contains(m1) && timeMeasures.contains(m2)) {
            m2 = measures.randomElement(using: &rng)!
        }
        var goal = SyntheticGoal(
            number: g, start: start, end: end, lastCountedDay: min(end, today), tag: tag, measures: [m1])
        goal.head = "---\ntitle: Goal \(g) with a realistic title\n"
        goal.head +=
            "importance: \(Int.random(in: 1...10, using: &rng))\nurgency: \(Int.random(in: 1...10, using: &rng))\n"
        goal.head += "start: \(date(start))\ntarget: \(date(end))\nterm: \(term)\n"
        goal.percents = [Int.random(in: 80...130, using: &rng)]
        if Bool.random(using: &rng) {
            goal.measures.append(m2)
            goal.percents.append(Int.random(in: 80...130, using: &rng))
        }
        goal.tail =
            "values:\n  v\(pad(Int.random(in: 1...12, using: &rng), 2)): \(Int.random(in: 1...10, using: &rng))\n"
        goal.tail += "tags: [\(tag)]\n"
        if cadence, g % 2 == 0 { goal.tail += "cadence:\n  \(m1): \(g % 5 + 1)/week\n" }
        goal.tail += "---\nWhy goal \(g) matters.\n\n## Action plan\n- Do the work.\n"
        if g % 3 == 0 { goal.tail += "- [x] First step\n- [ ] Second step\n" }
        return goal
    }

    /// A log line for `goal` (at `index`), on a day it counts, in a measure
    /// it counts (so no quantity is unused), linking it or carrying its tag.
    static func line(for index: Int, of goal: SyntheticGoal, linkedTenths: Int, using rng: inout SeededGenerator)
        -> SyntheticLine
    {
        let day = Int.random(in: goal.start...max(goal.start, goal.lastCountedDay), using: &rng)
        var text = date(day)
        // Every line of the shared ledger has a time: forty goals' lines meet on few days, and would repeat each other.
        if linkedTenths < 7 || Bool.random(using: &rng) {
            text += " \(pad(Int.random(in: 5...22, using: &rng), 2)):\(pad(Int.random(in: 0...59, using: &rng), 2))"
        }
        for _ in 0..<Int.random(in: 2...4, using: &rng) { text += " " + words.randomElement(using: &rng)! }
        let measure = goal.measures.randomElement(using: &rng)!
        let tenths = Int.random(in: 1...60, using: &rng) * 10 + Int.random(in: 1...9, using: &rng)
        text += " \(tenths / 10).\(tenths % 10)\(measure)"
        let linked = Int.random(in: 0..<10, using: &rng) < linkedTenths
        text += linked ? " +\(goal.id)" : " #\(goal.tag)"
        return SyntheticLine(day: day, text: text, goal: index, linked: linked, measure: measure, tenths: tenths)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    static func dayNumber(_ y: Int, _ m: Int, _ d: Int) -> Int {
        CivilDate(year: y, month: m, day: d)!.dayNumber
    }

    static func date(_ day: Int) -> String {
        CivilDate(dayNumber: day).description
    }
}

extension SyntheticLedger {
    /// The same actions as a ledger-cli journal, for side-by-side timing:
    /// one transaction per log line, its quantity posted to the goal it
    /// links (`goals:ID`) or the tag it carries (`tags:TAG`), balanced by
    /// `unassigned`. `ledger bal` then parses every line and sums every
    /// account, as `htl check` parses and totals every action.
    public static func journal(fromLog log: String) -> String {
        var out = ""
        out.reserveCapacity(log.utf8.count * 2)
        for line in log.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ")
            guard words.count >= 3 else { continue }
            var payee: [Substring] = []
            var amount = ""
            var account = "unassigned"
            for word in words.dropFirst() {
                if word.hasPrefix("+") {
                    account = "goals:" + word.dropFirst()
                } else if word.hasPrefix("#") {
                    account = "tags:" + word.dropFirst()
                } else if let split = word.firstIndex(where: { $0.isLetter }), split > word.startIndex,
                    word.first!.isNumber
                {
                    amount = word[..<split] + " " + word[split...]
                } else if !word.contains(":") {
                    payee.append(word)
                }
            }
            out +=
                words[0] + " " + payee.joined(separator: " ") + "\n    " + account + "    " + amount
                + "\n    unassigned\n\n"
        }
        return out
    }
}
