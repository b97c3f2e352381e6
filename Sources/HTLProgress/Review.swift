import HTLCore
import HTLModel

/// `htl review`: what a week (or a term) held, from the log's dates alone.
///
/// "Then" is the progress at the end of the day before the period starts,
/// computed from the same ledger (no git needed); "now" is today's.
public struct Review: Sendable {
    public enum Span: Sendable, Equatable {
        /// The week holding today, from `week_start` to today.
        case week
        /// A term, from its start to today (or its end, when past).
        case term(Int)
    }

    public struct Tally: Sendable, Equatable {
        public var id: String
        public var title: String
        public var actions: Int
    }

    public struct Move: Sendable {
        public var goal: GoalProgress
        public var before: ExactDecimal?
        public var stateBefore: GoalState
    }

    public struct Stall: Sendable {
        public var goal: GoalProgress
        /// The last counted action's day; nil when none ever counted.
        public var lastAction: CivilDate?
    }

    public struct Miss: Sendable {
        public var goal: GoalProgress
        public var measure: String
        /// An at-most cadence: the period went over its limit.
        public var atMost: Bool
        public var period: DateRange
    }

    /// A goal stalls after this many days without a counted action.
    public static let stallDays = 14
    /// What is due within this many days is listed.
    public static let dueWithinDays = 14

    public var span: Span
    public var period: DateRange
    public var today: CivilDate
    /// Counted actions in the period (each once), not corrections.
    public var actions: Int
    /// Goals with counted actions in the period, most first, then by id.
    public var goals: [Tally]
    /// Values whose goals (not dropped) counted actions in the period; an
    /// action counting toward two aligned goals is counted once.
    public var values: [Tally]
    /// Every quantity logged in the period, summed per measure as written
    /// (no conversion), in the catalog's order.
    public var totals: [(measure: String, amount: ExactDecimal)]
    /// Goals whose progress or state changed, largest rise first.
    public var moves: [Move]
    public var stalled: [Stall]
    /// Cadence periods that ended missed inside the period.
    public var missed: [Miss]
    public var due: DueList
    public var neglected: [ValueInsight]
    /// The goal with the most counted actions in the period (the first by
    /// id among equals), for the prompts.
    public var busiest: GoalProgress?

    /// `span` must name a term of the report for `.term`; nil otherwise.
    public init?(ledger: Ledger, report: ProgressReport, span: Span) {
        let today = report.today
        switch span {
        case .week:
            period = DateRange(start: ledger.settings.weekStart.onOrBefore(today), end: today)
        case .term(let number):
            guard let term = report.terms.first(where: { $0.term.number == number })?.term, term.start <= today else {
                return nil
            }
            period = DateRange(start: term.start, end: min(term.end, today))
        }
        self.span = span
        self.today = today
        let before = ProgressEngine.compute(ledger, today: period.start.adding(days: -1))
        let period = period
        // Each goal's counted actions in the period, found once.
        let inPeriod = report.goals.map { g in
            g.actionIndices.filter { period.contains(ledger.actions[$0].date) && !ledger.actions[$0].isCorrection }
        }
        actions = Set(inPeriod.joined()).count
        goals = zip(report.goals, inPeriod).compactMap { g, n in
            n.isEmpty ? nil : Tally(id: g.id, title: g.goal.title, actions: n.count)
        }
        .sorted(by: Review.mostFirst)
        busiest = goals.first.flatMap { report.goal($0.id) }
        values = Review.valueTallies(ledger, report: report, inPeriod: inPeriod)
        totals = Review.totals(ledger, in: period)
        moves = Review.moves(report, before: before)
        stalled = Review.stalls(report, ledger: ledger)
        missed = report.goals.flatMap { g in
            g.cadences.flatMap { c in
                c.recent.filter { $0.status == .missed && period.contains($0.days.end) }
                    .map { Miss(goal: g, measure: c.measure, atMost: c.cadence.atMost, period: $0.days) }
            }
        }
        due = DueList(report, within: Review.dueWithinDays)
        neglected = report.values.filter(\.neglected)
    }

    /// Per value, the actions of its aligned goals (not dropped), each once.
    static func valueTallies(_ ledger: Ledger, report: ProgressReport, inPeriod: [[Int]]) -> [Tally] {
        var byValue: [String: Set<Int>] = [:]
        for (g, n) in zip(report.goals, inPeriod) where g.state != .dropped && !n.isEmpty {
            for alignment in g.goal.values { byValue[alignment.value, default: []].formUnion(n) }
        }
        return ledger.values.compactMap { value in
            byValue[value.id].map { Tally(id: value.id, title: value.title, actions: $0.count) }
        }.sorted(by: Review.mostFirst)
    }

    static func mostFirst(_ a: Tally, _ b: Tally) -> Bool {
        a.actions != b.actions ? a.actions > b.actions : ByteOrder.precedes(a.id, b.id)
    }

    static func totals(_ ledger: Ledger, in period: DateRange) -> [(measure: String, amount: ExactDecimal)] {
        var sums = [ExactDecimal](repeating: .zero, count: ledger.measures.measures.count)
        var used = [Bool](repeating: false, count: sums.count)
        for action in ledger.actions where period.contains(action.date) {
            for q in action.quantities where q.measureIndex < sums.count {
                sums[q.measureIndex] += q.amount
                used[q.measureIndex] = true
            }
        }
        return sums.indices.filter { used[$0] }.map { (ledger.measures.measures[$0].id, sums[$0]) }
    }

    /// Goals (not dropped) whose progress or state differs from the day before the period.
    static func moves(_ report: ProgressReport, before: ProgressReport) -> [Move] {
        report.goals.compactMap { g -> Move? in
            guard g.state != .dropped else { return nil }
            let then = before.goal(g.id)
            let move = Move(goal: g, before: then?.progress, stateBefore: then?.state ?? .notStarted)
            return move.before != g.progress || move.stateBefore != g.state ? move : nil
        }.sorted { a, b in
            let da = (a.goal.progress ?? .zero) - (a.before ?? .zero)
            let db = (b.goal.progress ?? .zero) - (b.before ?? .zero)
            return da != db ? da > db : ByteOrder.precedes(a.goal.id, b.goal.id)
        }
    }

    /// Goals in play, started, with no counted action for `stallDays` days.
    static func stalls(_ report: ProgressReport, ledger: Ledger) -> [Stall] {
        report.attentionOrdered.compactMap { g -> Stall? in
            guard g.state.isOpen, (g.goal.start ?? report.today) <= report.today else { return nil }
            let last = g.actionIndices.map { ledger.actions[$0].date }.max()
            if let last, last.days(until: report.today) < stallDays { return nil }
            return Stall(goal: g, lastAction: last)
        }
    }

    /// `2026-W47` for a week (ISO 8601: the year and week of its Thursday,
    /// for weeks that start on Monday; of the middle day otherwise), `term-7`.
    public var name: String {
        switch span {
        case .term(let number): return "term-\(number)"
        case .week:
            let middle = period.start.adding(days: 3)
            let thursday = middle.adding(days: 4 - middle.isoWeekday)
            let firstThursday = CivilDate(year: thursday.year, month: 1, day: 1)!
            let week = firstThursday.days(until: thursday) / 7 + 1
            return "\(thursday.year)-W" + (week < 10 ? "0" : "") + String(week)
        }
    }
}
