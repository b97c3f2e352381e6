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
        failing: RuleExample(
            [
                ("goals/swim-weekly.md", swimWeekly),
                (
                    "log/2026.log",
                    """
                    2026-11-20 Swim ①30min +run-100km
                    2026-11-21 Stretch ②20min #running
                    2026-11-21 Bike ride ③2hours ④15min +run-100km
                    """
                ),
            ],
            finds: [
                "①": "30min counts toward no target of run-100km (they count km), so the action adds nothing",
                "②": "20min counts toward no target of run-100km (they count km), so the action adds nothing",
                "③": "2hours counts toward no target of run-100km (they count km), so the action adds nothing",
                "④": "15min counts toward no target of run-100km (they count km), so the action adds nothing",
            ]),
        passing: RuleExample([
            ("goals/swim-weekly.md", swimWeekly),
            (
                "log/2026.log",
                """
                2026-10-20 Stretch 20min #running
                2026-11-20 Run 5km in 28min +run-100km
                2026-11-21 Swim 30min +swim-weekly #running
                """
            ),
        ]),
        weight: 2, parts: 4, reads: [.tags, .goalUses], check: unusedQuantities)

    /// A goal of the examples that counts actions, not a measure.
    private static let swimWeekly = """
        ---
        title: Swim weekly
        start: 2026-11-02
        term: 7
        values:
          health: 8
        cadence:
          actions: 2/week
        ---
        ## Action plan
        - Swim twice a week.
        """

    /// The findings of one part's run of the log (the parts' sweeps are
    /// independent: each starts from no goal in its window).
    private static func unusedQuantities(_ context: RuleContext, _ part: RulePart) -> [Finding] {
        let catalog = context.ledger.measures
        let actions = context.ledger.actions
        let uses = context.goalUses
        // What its linked goals make of each action with quantities, in one
        // pass in file order; only the actions they leave open go on to the
        // goals of their tags.
        var open = OpenActions(actions, part.run(of: actions.count), context.actionFacts, context.tags, catalog, uses) {
            i, roots, verdict in
            for k in 0..<context.linkCount(of: i) {
                if let g = context.goal(ofLink: k, action: i) { verdict.add(goal: g, uses, roots) }
            }
        }
        // A sweep over each tag's goal windows (linear, however many goals share a tag).
        let byTag = uses.byTag
        var sweep = WindowSweep(measures: catalog.measures.count)
        for (n, tagged) in open.tagged.enumerated() {
            guard !tagged.isEmpty, let tagGoals = byTag[open.tags.names[n]] else { continue }
            sweep.run(goals: tagGoals, windows: context.goalWindows, uses: uses, tagged) { slot, active in
                open.verdicts[slot].add(active, open.roots(of: slot))
            }
        }
        var found: [Finding] = []
        for slot in open.positions.indices where open.verdicts[slot].addsNothing {
            found += findings(for: actions[Int(open.positions[slot])], context, uses, byTag)
        }
        return found
    }

    /// The findings of one action that adds nothing, naming its goals.
    private static func findings(for action: Action, _ context: RuleContext, _ uses: GoalUses, _ byTag: [String: [Int]])
        -> [Finding]
    {
        let goals = context.ledger.goals
        let catalog = context.ledger.measures
        var counting: [Int] = action.links.compactMap { context.goalPosition(of: $0.goal) }
        for tag in action.tags {
            counting += (byTag[tag] ?? []).filter { context.goalWindows[$0].contains(action.date) }
        }
        let names = uniqueIDs(counting.map { goals[$0].id })
        let counted = uniqueIDs(counting.flatMap { uses.measures[$0] }.map { catalog.measures[$0].id })
        return action.quantities.map { quantity in
            Finding(
                .unusedQuantity, SourceLocation(path: action.path, line: action.line, column: quantity.column),
                "\(quantity.written(in: catalog)) counts toward no target of \(names.joined(separator: ", ")) (they "
                    + "count \(counted.joined(separator: ", "))), so the action adds nothing",
                help: "log it in a measure a goal counts, or link a goal with a \(quantity.measure(in: catalog)) target"
            )
        }
    }

    /// The actions with quantities that their links leave open (no linked
    /// goal counts actions or uses one of their quantities: only then can
    /// the goals of their tags decide), found in one pass over the actions
    /// in file order, with what the tags' sweeps read of them: the
    /// conversion groups (roots) of their quantities and, for each tag,
    /// its open actions with their days. Most actions are settled by
    /// their links and never visited again.
    private struct OpenActions {
        /// Each open action's position in the log, in file order; the
        /// arrays below are by the same slot.
        private(set) var positions: [Int32] = []
        var verdicts: [Verdict] = []
        private var firstRoot: [Int32] = []
        private var roots: [Int32] = []
        /// The tags, numbered: those written first on any action (`RuleContext.tags`), then others of open actions.
        private(set) var tags: IdentifierTable
        /// By tag number: its open actions (slot, day), in file order.
        private(set) var tagged: [[WindowSweep.Dated]] = []

        /// The open actions of `run`; `linked` adds to an action's verdict
        /// what its links make of its roots.
        init(
            _ actions: [Action], _ run: Range<Int>, _ facts: [ActionFacts], _ tags: IdentifierTable,
            _ catalog: MeasureCatalog,
            _ uses: GoalUses, linked: (Int, ArraySlice<Int32>, inout Verdict) -> Void
        ) {
            self.tags = tags
            // The facts in file order; an action itself only for a further quantity or tag.
            for i in run where facts[i].hasQuantities {
                let root = catalog.root(of: Int(facts[i].firstMeasure))
                // Most actions: one quantity, linked to one goal that counts actions or
                // the quantity's measure, settled without a list of roots or a verdict.
                if !facts[i].hasMoreQuantities, !facts[i].hasMoreLinks, facts[i].firstLinkGoal >= 0,
                    uses.settles(goal: Int(facts[i].firstLinkGoal), root: root)
                {
                    continue
                }
                let first = roots.count
                roots.append(Int32(root))
                if facts[i].hasMoreQuantities {
                    for k in 1..<actions[i].quantities.count {
                        roots.append(Int32(catalog.root(of: actions[i].quantities[k].measureIndex)))
                    }
                }
                var verdict = Verdict()
                linked(i, roots[first...], &verdict)
                if verdict.isSettled {
                    roots.removeSubrange(first...)
                    continue
                }
                let slot = Int32(positions.count)
                positions.append(Int32(i))
                verdicts.append(verdict)
                firstRoot.append(Int32(first))
                guard facts[i].hasTags else { continue }
                let dated = WindowSweep.Dated(action: slot, day: facts[i].day)
                add(dated, tag: Int(facts[i].firstTag))
                if facts[i].hasMoreTags {
                    for t in 1..<actions[i].tags.count { add(dated, tag: self.tags.insert(actions[i].tags[t])) }
                }
            }
            firstRoot.append(Int32(roots.count))
        }

        func roots(of slot: Int) -> ArraySlice<Int32> {
            roots[Int(firstRoot[slot])..<Int(firstRoot[slot + 1])]
        }

        private mutating func add(_ dated: WindowSweep.Dated, tag n: Int) {
            if n >= tagged.count { tagged += repeatElement([], count: n + 1 - tagged.count) }
            tagged[n].append(dated)
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

        /// Nothing more can make it add nothing (a verdict's flags are only ever set).
        var isSettled: Bool { countsActions || usesAQuantity }

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

        /// An action of the tag (its slot among the open actions) and its
        /// day (read in file order, so a sweep needs no look-up per action
        /// to put them in date order).
        struct Dated {
            var action: Int32
            var day: Int32
        }

        private var active: Active

        init(measures: Int) {
            active = Active(byRoot: [Int](repeating: 0, count: measures))
        }

        mutating func run(
            goals: [Int], windows: [Goal.Window], uses: GoalUses, _ tagged: [Dated], _ visit: (Int, Active) -> Void
        ) {
            let joins = goals.sorted { (windows[$0].start?.dayNumber ?? .min) < (windows[$1].start?.dayNumber ?? .min) }
            let leaves = goals.sorted {
                (windows[$0].target?.dayNumber ?? .max) < (windows[$1].target?.dayNumber ?? .max)
            }
            // A log written in date order is in date order already (the sort is stable).
            let inOrder = zip(tagged, tagged.dropFirst()).allSatisfy { $0.day <= $1.day }
            let dated = inOrder ? tagged : tagged.sorted { $0.day < $1.day }
            var j = 0
            var l = 0
            for entry in dated {
                let day = Int(entry.day)
                while j < joins.count, (windows[joins[j]].start?.dayNumber ?? .min) <= day {
                    count(joins[j], uses, by: 1)
                    j += 1
                }
                while l < leaves.count, (windows[leaves[l]].target?.dayNumber ?? .max) < day {
                    count(leaves[l], uses, by: -1)
                    l += 1
                }
                visit(Int(entry.action), active)
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
