import HTLCore
import HTLModel

extension RuleDescriptor {
    /// An action whose quantities none of the goals it counts toward can use
    /// (no target in those measures or ones they convert to): it adds
    /// nothing. Said only when one of those goals has measure targets (or
    /// cadences) and none counts actions themselves, and
    /// only when no quantity of the line counts: minutes noted beside the
    /// kilometres a goal counts are a diary, not a mistake.
    static let unusedQuantity = RuleDescriptor(
        .unusedQuantity, .warning,
        summary: "an action's quantities are in measures none of its goals can use, so it adds nothing",
        failing: .file("log/2026.log", "2026-11-20 Swim ‸30min +run-100km\n"),
        passing: .file("log/2026.log", "2026-11-20 Run 5km +run-100km\n"),
        weight: 2, check: unusedQuantities)

    private static func unusedQuantities(_ context: RuleContext) -> [Finding] {
        let catalog = context.ledger.measures
        let goals = context.ledger.goals
        let actions = context.ledger.actions
        let uses = GoalUses(goals, catalog)
        // One pass over the actions for what the rule needs of them (dates,
        // conversion groups): the sweeps below then read small arrays in
        // date order instead of whole actions out of order.
        let facts = QuantityFacts(actions, catalog)
        // What the goals of each action make of it: its links, then a sweep
        // over each tag's goal windows (linear, however many goals share a tag).
        var verdicts = [Verdict](repeating: Verdict(), count: actions.count)
        // Each tag's actions, by the tag's number (a table of tags, not a Dictionary: one look-up per tag written).
        var tags = IdentifierTable()
        var tagged: [[Int]] = []
        for i in actions.indices where !actions[i].quantities.isEmpty {
            for k in actions[i].links.indices {
                if let g = context.goal(ofLink: k, action: i) { verdicts[i].add(goal: g, uses, facts.roots(of: i)) }
            }
            for t in 0..<actions[i].tags.count {
                let n = tags.insert(actions[i].tags[t])
                if n == tagged.count { tagged.append([]) }
                tagged[n].append(i)
            }
        }
        var byTag: [String: [Int]] = [:]
        for (g, goal) in goals.enumerated() where context.goalWindows[g].isOrdered {
            for tag in goal.tags { byTag[tag, default: []].append(g) }
        }
        var sweep = WindowSweep(measures: catalog.measures.count)
        for (n, indices) in tagged.enumerated() {
            guard let tagGoals = byTag[tags.names[n]] else { continue }
            sweep.run(goals: tagGoals, windows: context.goalWindows, uses: uses, days: facts.days, indices) { i, active in
                verdicts[i].add(active, facts.roots(of: i))
            }
        }
        var found: [Finding] = []
        for i in actions.indices where verdicts[i].addsNothing {
            found += findings(for: actions[i], context, uses, byTag)
        }
        return found
    }

    /// The findings of one action that adds nothing, naming its goals.
    private static func findings(for action: Action, _ context: RuleContext, _ uses: GoalUses, _ byTag: [String: [Int]]) -> [Finding] {
        let goals = context.ledger.goals
        let catalog = context.ledger.measures
        var counting: [Int] = action.links.compactMap { context.goalPosition(of: $0.goal) }
        for tag in action.tags {
            counting += (byTag[tag] ?? []).filter { context.goalWindows[$0].contains(action.date) }
        }
        let names = uniqueIDs(counting.map { goals[$0].id })
        let counted = uniqueIDs(counting.flatMap { uses.measures[$0] }.map { catalog.measures[$0].id })
        return action.quantities.map { quantity in
            Finding(.unusedQuantity, SourceLocation(path: action.path, line: action.line, column: quantity.column),
                    "\(quantity.written) counts toward no target of \(names.joined(separator: ", ")) (they count \(counted.joined(separator: ", "))), so the action adds nothing",
                    help: "log it in a measure a goal counts, or link a goal with a \(quantity.measure) target")
        }
    }

    /// Per goal, once: whether it counts actions, the measures it sums, and
    /// the conversion groups (roots) of those measures.
    private struct GoalUses {
        var countsActions: [Bool]
        var measures: [[Int]]
        var roots: [[Int]]

        init(_ goals: [Goal], _ catalog: MeasureCatalog) {
            countsActions = goals.map(\.countsActions)
            measures = goals.map { $0.measuresCounted.compactMap { catalog.index(for: $0) } }
            roots = measures.map { Array(Set($0.map(catalog.root(of:)))).sorted() }
        }
    }

    /// Of each action, read once in file order: its day, and the conversion
    /// groups (roots) of its quantities, all in one flat array.
    private struct QuantityFacts {
        let days: [Int32]
        private let firstRoot: [Int32]
        private let roots: [Int32]

        init(_ actions: [Action], _ catalog: MeasureCatalog) {
            var days = [Int32](), firstRoot = [Int32](), roots = [Int32]()
            days.reserveCapacity(actions.count)
            firstRoot.reserveCapacity(actions.count + 1)
            // By index, not `for action in actions`: no action (and none of its Strings) is copied.
            for i in actions.indices {
                days.append(Int32(clamping: actions[i].date.dayNumber))
                firstRoot.append(Int32(roots.count))
                for k in 0..<actions[i].quantities.count {
                    roots.append(Int32(catalog.root(of: actions[i].quantities[k].measureIndex)))
                }
            }
            firstRoot.append(Int32(roots.count))
            (self.days, self.firstRoot, self.roots) = (days, firstRoot, roots)
        }

        func roots(of action: Int) -> ArraySlice<Int32> {
            roots[Int(firstRoot[action])..<Int(firstRoot[action + 1])]
        }
    }

    /// What the goals an action counts toward make of its quantities.
    private struct Verdict {
        var countsActions = false
        var hasTargets = false
        var usesAQuantity = false

        /// The action adds nothing: no goal counts actions, some have
        /// targets, and none can use any of its quantities.
        var addsNothing: Bool { !countsActions && hasTargets && !usesAQuantity }

        mutating func add(goal: Int, _ uses: GoalUses, _ roots: ArraySlice<Int32>) {
            if uses.countsActions[goal] { countsActions = true }
            guard !uses.roots[goal].isEmpty else { return }
            hasTargets = true
            if roots.contains(where: { uses.roots[goal].contains(Int($0)) }) { usesAQuantity = true }
        }

        mutating func add(_ active: WindowSweep.Active, _ roots: ArraySlice<Int32>) {
            if active.countingActions > 0 { countsActions = true }
            guard active.withTargets > 0 else { return }
            hasTargets = true
            if roots.contains(where: { active.byRoot[Int($0)] > 0 }) { usesAQuantity = true }
        }
    }

    /// The goals of one tag whose windows hold each date, in date order:
    /// goals join at their start and leave after their target, so each goal
    /// and each action is visited once per tag.
    private struct WindowSweep {
        /// How many of the goals in the window so far count actions, have
        /// measure targets, and sum each conversion group.
        struct Active {
            var countingActions = 0
            var withTargets = 0
            var byRoot: [Int]
        }

        private var active: Active

        init(measures: Int) {
            active = Active(byRoot: [Int](repeating: 0, count: measures))
        }

        mutating func run(goals: [Int], windows: [Goal.Window], uses: GoalUses, days: [Int32], _ indices: [Int],
                          _ visit: (Int, Active) -> Void) {
            let joins = goals.sorted { (windows[$0].start?.dayNumber ?? .min) < (windows[$1].start?.dayNumber ?? .min) }
            let leaves = goals.sorted { (windows[$0].target?.dayNumber ?? .max) < (windows[$1].target?.dayNumber ?? .max) }
            let dated = indices.sorted { days[$0] < days[$1] }
            var j = 0, l = 0
            for i in dated {
                let day = Int(days[i])
                while j < joins.count, (windows[joins[j]].start?.dayNumber ?? .min) <= day {
                    count(joins[j], uses, by: 1)
                    j += 1
                }
                while l < leaves.count, (windows[leaves[l]].target?.dayNumber ?? .max) < day {
                    count(leaves[l], uses, by: -1)
                    l += 1
                }
                visit(i, active)
            }
            // Back to nothing for the next tag: every step undone.
            for g in joins[..<j] { count(g, uses, by: -1) }
            for g in leaves[..<l] { count(g, uses, by: 1) }
        }

        private mutating func count(_ goal: Int, _ uses: GoalUses, by step: Int) {
            if uses.countsActions[goal] { active.countingActions += step }
            if !uses.roots[goal].isEmpty { active.withTargets += step }
            for root in uses.roots[goal] { active.byRoot[root] += step }
        }
    }

    private static func uniqueIDs(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }
}
