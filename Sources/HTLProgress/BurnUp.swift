import HTLCore
import HTLModel

/// How one target's total climbed, day by day, against the even-pace line
/// from nothing on the goal's start to the target on its target date.
public struct BurnUp: Sendable, Equatable {
    /// The total at the end of a day on which it changed.
    public struct Point: Sendable, Equatable {
        public var date: CivilDate
        public var total: ExactDecimal
    }

    /// The measure id (or `actions`).
    public var measure: String
    public var target: ExactDecimal
    /// Where the chart starts: the goal's start; else its first counted
    /// action's day; else today.
    public var start: CivilDate
    /// The goal's own start: the even-pace line needs it (as pace does).
    public var lineStart: CivilDate?
    /// The goal's target date; nil for an open-ended goal (no even-pace line).
    public var end: CivilDate?
    public var today: CivilDate
    /// In date order, each day once; the total before the first is zero.
    /// Corrections (negative quantities) make a point lower than the one before.
    public var points: [Point]
    /// When this target is reached at the average pace so far (nil when
    /// unknown, reached or too far off).
    public var projectedFinish: CivilDate?
    /// Days ahead of the even-pace line today (negative when behind).
    public var paceDays: Int?

    /// The total today: the last point's, or zero.
    public var total: ExactDecimal { points.last?.total ?? .zero }

    /// Where the even-pace line stands at the end of `day`: nothing the day
    /// before the start, the target at the end of the target date and after
    /// (nil before the start, or without a target date after the start).
    public func ideal(on day: CivilDate) -> ExactDecimal? {
        guard let start = lineStart, let end, start <= end, day >= start else { return nil }
        let span = start.days(until: end) + 1
        let elapsed = min(start.days(until: day) + 1, span)
        return target.multiplied(by: elapsed).divided(by: span)
    }

    /// The total at the end of `day` (zero before the first point).
    public func total(on day: CivilDate) -> ExactDecimal {
        points.last { $0.date <= day }?.total ?? .zero
    }

    /// One per target, in the order of `goal.targets` (cadences have their strip).
    /// Totals are summed exactly per unit and converted at each day, as the
    /// target's actual is (FORMAT.md §8), so the last point equals it.
    /// `limit`: only the first targets (a report charts a few per goal).
    public static func series(_ g: GoalProgress, ledger: Ledger, today: CivilDate, limit: Int = .max) -> [BurnUp] {
        let actions = g.actionIndices.map { ledger.actions[$0] }.sorted { $0.date < $1.date }
        let start = g.goal.start ?? actions.first?.date ?? today
        let window = GoalWindow(g.goal, today: today)
        return g.targets.prefix(limit).map { t in
            // The pace rule of the goal's figures (FORMAT.md §9), for this target alone.
            let (projected, pace) = ProgressEngine.paceFigures(
                min(max(t.ratio, .zero), .one), state: g.state,
                window: window, today: today)
            return BurnUp(
                measure: t.measure, target: t.target, start: start, lineStart: g.goal.start, end: g.goal.target,
                today: today,
                points: points(actions, measure: t.measure, catalog: ledger.measures),
                projectedFinish: projected, paceDays: pace)
        }
    }

    /// The running total after each day; `actions` in date order.
    static func points(_ actions: [Action], measure: String, catalog: MeasureCatalog) -> [Point] {
        guard let target = catalog.index(for: measure) else {
            // `actions` counts the actions that are not corrections.
            var count = 0
            return daily(actions) { day in
                count += day.count { !$0.isCorrection }
                return ExactDecimal(count)
            }
        }
        let count = catalog.measures.count
        let convertible = (0..<count).map { catalog.canConvert(from: $0, to: target) }
        var subtotals = [ExactDecimal](repeating: .zero, count: count)
        // Each measure's subtotal converted: a day updates only what it touched.
        var converted = [ExactDecimal](repeating: .zero, count: count)
        var used = [Bool](repeating: false, count: count)
        var total = ExactDecimal.zero
        var points = daily(actions) { day in
            for action in day {
                for q in action.quantities where convertible[q.measureIndex] {
                    let m = q.measureIndex
                    subtotals[m] += q.amount
                    used[m] = true
                    let now = catalog.convert(subtotals[m], from: m, to: target) ?? .zero
                    total = total - converted[m] + now
                    converted[m] = now
                }
            }
            return total
        }
        // The last point exactly as the target's actual is summed (the same
        // unless a sum saturated on the way).
        if !points.isEmpty {
            var exact = ExactDecimal.zero
            for m in 0..<count where used[m] { exact += converted[m] }
            points[points.count - 1].total = exact
        }
        return points
    }

    /// Calls `totalAfter` with each day's actions in turn; keeps the days that
    /// changed the total.
    private static func daily(_ actions: [Action], _ totalAfter: (ArraySlice<Action>) -> ExactDecimal) -> [Point] {
        var points: [Point] = []
        var first = actions.startIndex
        while first < actions.endIndex {
            let date = actions[first].date
            var next = first
            while next < actions.endIndex, actions[next].date == date { next += 1 }
            let total = totalAfter(actions[first..<next])
            if total != (points.last?.total ?? .zero) { points.append(Point(date: date, total: total)) }
            first = next
        }
        return points
    }
}
