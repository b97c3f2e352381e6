import HTLCore
import HTLModel

/// The progress engine: a pure function of the model and a day (FORMAT.md §7-9).
package enum ProgressEngine {
    package static func compute(_ ledger: Ledger, today: CivilDate) -> ProgressReport {
        let index = ActionIndex(ledger.actions)
        var firstStarts: [Int: CivilDate] = [:]
        for term in ledger.terms where firstStarts[term.number] == nil { firstStarts[term.number] = term.start }
        let termStarts = firstStarts
        // Each goal reads the index only: slices of them on every core, put back in ledger order.
        // Small slices: goals differ in work (a tag many actions carry), and
        // with eight a core was left alone with the heaviest for a while.
        let goals = Parallel.array(ledger.goals.count, pieces: 32) {
            goalProgress(ledger.goals[$0], ledger: ledger, index: index, termStarts: termStarts, today: today)
        }
        // Goals (positions in `goals`: a goal's progress copied into each of
        // its terms and values was a reference count per array it holds) by
        // the terms they commit to and by the values they align to, built once.
        var committed: [Int: [Int]] = [:]
        var aligned: [String: [(goal: Int, strength: Int)]] = [:]
        for g in goals.indices {
            let terms = goals[g].goal.terms
            for k in firstOccurrences(terms.map(\.number)) { committed[terms[k].number, default: []].append(g) }
            guard goals[g].state != .dropped else { continue }
            let values = goals[g].goal.values
            for k in firstOccurrences(values.map(\.value)) {
                aligned[values[k].value, default: []].append((g, values[k].strength))
            }
        }
        let terms = ledger.terms
            .sorted { $0.number < $1.number }
            .map { termProgress($0, committed: committed[$0.number] ?? [], of: goals, today: today) }
        let sortedValues = ledger.values
            .sorted { $0.priority != $1.priority ? $0.priority < $1.priority : ByteOrder.precedes($0.id, $1.id) }
        let alignedGoals = aligned
        let values = Parallel.map(sortedValues.count) {
            valueInsight(
                sortedValues[$0], aligned: alignedGoals[sortedValues[$0].id] ?? [], of: goals, index: index,
                today: today)
        }
        let known = Set(ledger.values.map(\.id))
        let unaligned = goals.indices
            .filter { goals[$0].state != .dropped && !goals[$0].goal.values.contains { known.contains($0.value) } }
            .map { goals[$0].id }
            .sorted(by: ByteOrder.precedes)
        return ProgressReport(
            today: today, goals: goals, terms: terms, values: values, unalignedGoals: unaligned,
            measures: ledger.measures)
    }

    // MARK: Goals

    static func goalProgress(
        _ goal: Goal, ledger: Ledger, index: ActionIndex, termStarts: [Int: CivilDate],
        today: CivilDate
    ) -> GoalProgress {
        // Everything is as of today: a future action counts once its day comes (FORMAT.md §7).
        let actions = GoalActions(goal, index: index, today: today)
        let window = GoalWindow(goal, today: today)
        let totals =
            goal.targets.isEmpty
            ? nil : actions.totals(days: Int32.min...Int32.max, measures: ledger.measures.measures.count)
        let targets = targetProgress(goal, totals: totals, catalog: ledger.measures, window: window)
        let cadences = cadenceProgress(goal, actions: actions, ledger: ledger, termStarts: termStarts, today: today)
        let summary = ProgressSummary(
            targets: targets, cadences: cadences, checklist: goal.checklist, openEnded: goal.target == nil)
        let state = GoalState(
            goal, summary: summary, anyCounted: actions.count > 0, window: window,
            margin: ledger.settings.behindMargin, today: today)
        // A goal with only cadences has no pace (FORMAT.md §8): its ratio is kept weeks, not a climb.
        let (projected, pace) =
            summary.cadencesOnly
            ? (nil, nil) : paceFigures(summary.progress, state: state, window: window, today: today)
        return GoalProgress(
            goal: goal, actions: actions, targets: targets, cadences: cadences, rhythm: summary.rhythm,
            checklistDone: summary.checklistDone,
            checklistTotal: summary.checklistTotal, progress: summary.progress, state: state,
            daysLeft: window.daysToTarget, elapsed: window.elapsedShare, projectedFinish: projected, paceDays: pace)
    }

    /// Each target's actual, ratio, what remains and the rates (one per
    /// measure), from the goal's totals (nil: it has no targets).
    static func targetProgress(
        _ goal: Goal, totals: MeasureTotals?, catalog: MeasureCatalog,
        window: GoalWindow
    ) -> [GoalProgress.TargetProgress] {
        guard let totals else { return [] }
        var targets: [GoalProgress.TargetProgress] = []
        var seen = Set<String>()
        for target in goal.targets {
            let measureIndex = catalog.index(for: target.measure)
            guard
                let measure = measureIndex.map({ catalog.measures[$0].id })
                    ?? (target.measure == Goal.actionsMeasure ? target.measure : nil),
                seen.insert(measure).inserted
            else { continue }
            // `actions` counts the counted actions themselves (FORMAT.md §5.3).
            let actual =
                measureIndex.map { totals.amount(toward: $0, catalog: catalog) } ?? ExactDecimal(totals.occurrences)
            let remaining = max(target.amount - actual, .zero)
            targets.append(
                GoalProgress.TargetProgress(
                    measure: measure, target: target.amount, actual: actual,
                    ratio: actual.divided(by: target.amount) ?? .zero,
                    remaining: remaining,
                    neededPerDay: window.daysRemaining.flatMap { remaining.divided(by: $0) },
                    neededPerWeek: window.daysRemaining.flatMap { remaining.multiplied(by: 7).divided(by: $0) },
                    currentPerDay: window.elapsedDays.flatMap { actual.divided(by: $0) }))
        }
        return targets
    }

    /// Each cadence (one per measure) on `today`; its window runs from the
    /// goal's start (else its earliest committed term's) to its target (else
    /// to the end of the period holding today).
    static func cadenceProgress(
        _ goal: Goal, actions: GoalActions, ledger: Ledger, termStarts: [Int: CivilDate],
        today: CivilDate
    ) -> [CadenceProgress] {
        guard !goal.cadences.isEmpty else { return [] }
        let catalog = ledger.measures
        let start = goal.start ?? goal.terms.compactMap { termStarts[$0.number] }.min()
        var seen = Set<String>()
        return goal.cadences.compactMap { cadence in
            let measureIndex = catalog.index(for: cadence.measure)
            guard measureIndex != nil || cadence.measure == Goal.actionsMeasure,
                seen.insert(measureIndex.map { catalog.measures[$0].id } ?? cadence.measure).inserted
            else { return nil }
            let calendar = CadenceCalendar(
                period: cadence.period, weekStart: ledger.settings.weekStart, breaks: goal.breaks)
            // An open-ended window ends with today's period, never after the last writable day.
            let end = goal.target ?? min(calendar.periodEnd(calendar.periodStart(today)), CivilDate.latest)
            let window = start.map { DateRange(start: $0, end: end) }
            return CadenceTally(cadence: cadence, measureIndex: measureIndex, calendar: calendar, catalog: catalog)
                .progress(window: window, openEnded: goal.target == nil, actions: actions, today: today)
        }
    }

    /// The projected finish at the average pace so far, and the days ahead
    /// of (positive) or behind an even pace.
    static func paceFigures(
        _ progress: ExactDecimal?, state: GoalState, window: GoalWindow,
        today: CivilDate
    ) -> (CivilDate?, Int?) {
        // No progress, no pace (FORMAT.md §9).
        guard state.isOpen, let p = progress, p.isPositive else { return (nil, nil) }
        var projected: CivilDate?
        let pm = p.millionths
        if let elapsedDays = window.elapsedDays, pm > 0, pm < ExactDecimal.scale {
            // Days still needed at the average pace so far, rounded up.
            let needed = ((ExactDecimal.scale - pm) * Int128(elapsedDays) + pm - 1) / pm
            // No projection past the last day a date can be written (9999-12-31).
            if needed < 36_500, today.adding(days: Int(needed)) <= CivilDate.latest {
                projected = today.adding(days: Int(needed))
            }
        }
        var pace: Int?
        if let span = window.span, let days = window.elapsedInSpan {
            // round((progress − elapsed) × window days), half to even (FORMAT.md §9).
            pace = Int((p.multiplied(by: span) - ExactDecimal(days)).rounded(toFractionDigits: 0).floor)
        }
        return (projected, pace)
    }

    // MARK: Terms

    /// `committed`: positions in `goals` of the goals committed to the term.
    static func termProgress(_ term: Term, committed: [Int], of goals: [GoalProgress], today: CivilDate) -> TermProgress
    {
        let state: TermProgress.State
        switch term.status {
        case .planned?: state = .planned
        case .active?: state = .active
        case .completed?: state = .completed
        case .delayed?: state = .delayed
        case .onHold?: state = .onHold
        case .cancelled?: state = .cancelled
        case nil: state = today < term.start ? .upcoming : (today > term.end ? .complete : .active)
        }
        let week = today < term.start ? nil : min(term.start.days(until: today) / 7 + 1, term.weeks)
        // Dropped goals are left out of the term's goals and mean (listed apart).
        let kept = committed.filter { goals[$0].state != .dropped }
        let measured = kept.compactMap { goals[$0].progress }
        return TermProgress(
            term: term, state: state, week: week, weeks: term.weeks, daysLeft: today.days(until: term.end),
            goals: sortedIDs(kept.map { goals[$0].id }),
            droppedGoals: sortedIDs(committed.filter { goals[$0].state == .dropped }.map { goals[$0].id }),
            meanProgress: measured.isEmpty ? nil : measured.reduce(.zero, +).divided(by: measured.count))
    }

    /// Ids in byte order, each once.
    static func sortedIDs(_ ids: [String]) -> [String] {
        var unique: [String] = []
        for id in ids.sorted(by: ByteOrder.precedes) where unique.last != id {
            unique.append(id)
        }
        return unique
    }

    // MARK: Values

    /// `aligned`: the goals (not dropped) aligned to the value, with their strengths.
    /// `dates`: every action's date, by index.
    /// The positions of the first occurrence of each item, in order: a
    /// goal names a few terms and values (compared in place), and a long
    /// list goes through a Set (linear, however long).
    static func firstOccurrences<T: Hashable>(_ items: [T]) -> [Int] {
        if items.count <= 8 { return items.indices.filter { k in !items[..<k].contains(items[k]) } }
        var seen = Set<T>()
        return items.indices.filter { seen.insert(items[$0]).inserted }
    }

    /// `aligned`: positions in `goals` of the goals aligned to the value, with their strengths.
    static func valueInsight(
        _ value: Value, aligned: [(goal: Int, strength: Int)], of goals: [GoalProgress], index: ActionIndex,
        today: CivilDate
    ) -> ValueInsight {
        // Listed by strength, then id: positions are sorted, not the goals (a
        // goal's progress is a large value, moved at every step of a sort).
        let order = aligned.indices.sorted { a, b in
            aligned[a].strength != aligned[b].strength
                ? aligned[a].strength > aligned[b].strength
                : ByteOrder.precedes(goals[aligned[a].goal].id, goals[aligned[b].goal].id)
        }

        let meanStrength =
            aligned.isEmpty
            ? nil
            : ExactDecimal(aligned.reduce(0) { $0 + $1.strength }).divided(by: aligned.count)
        let measured = aligned.filter { goals[$0.goal].progress != nil }
        let weight = measured.reduce(0) { $0 + $1.strength }
        let weighted =
            weight == 0
            ? nil
            : measured.reduce(ExactDecimal.zero) { $0 + goals[$1.goal].progress!.multiplied(by: $1.strength) }.divided(
                by: weight)

        let day = Int32(clamping: today.dayNumber)
        let from30 = Int32(clamping: today.adding(days: -(ValueInsight.recentDays - 1)).dayNumber)
        let from14 = Int32(clamping: today.adding(days: -(ValueInsight.neglectDays - 1)).dayNumber)
        let recentCount = GoalActions.distinctCount(aligned.map { goals[$0.goal].actions }, days: from30...day)
        let active = aligned.filter { goals[$0.goal].state.isOpen }
        let neglected = active.isEmpty || !active.contains { goals[$0.goal].actions.any(days: from14...day) }
        return ValueInsight(
            value: value,
            goals: order.map {
                .init(
                    id: goals[aligned[$0].goal].id, strength: aligned[$0].strength,
                    progress: goals[aligned[$0].goal].progress, state: goals[aligned[$0].goal].state)
            },
            meanStrength: meanStrength, weightedProgress: weighted, actions30d: recentCount, neglected: neglected)
    }
}
