import HTLCore
import HTLModel

/// Progress at one revision against another (`htl diff`): per goal, progress
/// then and now; per target, actual then and now; goals added and removed;
/// actions added.
public struct ProgressDiff: Sendable {
    public enum Change: String, Sendable {
        case added, removed, changed, unchanged
    }

    public struct TargetChange: Sendable {
        package var measure: String
        public var from: ExactDecimal?
        public var to: ExactDecimal?
    }

    public struct GoalChange: Sendable {
        public var id: String
        public var title: String
        public var change: Change
        package var fromProgress: ExactDecimal?
        package var toProgress: ExactDecimal?
        package var fromState: GoalState?
        package var toState: GoalState?
        public var targets: [TargetChange]

        /// to − from, when both have progress.
        package var delta: ExactDecimal? {
            guard let a = fromProgress, let b = toProgress else { return nil }
            return b - a
        }
    }

    /// By id.
    public var goals: [GoalChange]
    /// Action lines in `to` that are not in `from`, compared by canonical
    /// text in whatever log file: a renamed, split or merged log adds none.
    /// Actions (FORMAT.md §7: no corrections) and corrections apart.
    package var actionsAdded: Int
    package var correctionsAdded: Int
    /// Added lines dated after the later side's day: listed, not counted yet.
    package var toComeAdded: Int
    /// The day each side was judged on.
    public var fromDay: CivilDate
    public var toDay: CivilDate

    /// A goal's totals: per target, then per cadence (named `measure
    /// (cadence)` when a target has the same measure), its actual.
    static func totals(_ g: GoalProgress?) -> [(String, ExactDecimal)] {
        guard let g else { return [] }
        let targets = Set(g.targets.map(\.measure))
        return g.targets.map { ($0.measure, $0.actual) }
            + g.cadences.map { (targets.contains($0.measure) ? $0.measure + " (cadence)" : $0.measure, $0.actual) }
    }

    /// Each side's progress report and its lines as canonical log lines
    /// (one per line, any order, `correction` telling them apart; where a
    /// line is kept is not what it records, so a renamed, split or merged
    /// log adds none).
    package init(
        from: (report: ProgressReport, lines: [(text: String, correction: Bool, date: CivilDate)]),
        to: (report: ProgressReport, lines: [(text: String, correction: Bool, date: CivilDate)])
    ) {
        fromDay = from.report.today
        toDay = to.report.today
        var ids = Set(from.report.goals.map(\.id))
        ids.formUnion(to.report.goals.map(\.id))
        goals = ids.sorted(by: ByteOrder.precedes).map { id in
            let a = from.report.goal(id)
            let b = to.report.goal(id)
            var targets: [TargetChange] = []
            var before: [String: ExactDecimal] = [:]
            for (measure, actual) in ProgressDiff.totals(a) where before[measure] == nil { before[measure] = actual }
            var now = Set<String>()
            for (measure, actual) in ProgressDiff.totals(b) {
                now.insert(measure)
                targets.append(TargetChange(measure: measure, from: before[measure], to: actual))
            }
            for (measure, actual) in ProgressDiff.totals(a) where !now.contains(measure) {
                targets.append(TargetChange(measure: measure, from: actual, to: nil))
            }
            let change: Change
            if a == nil {
                change = .added
            } else if b == nil {
                change = .removed
            } else if a!.progress != b!.progress || a!.state != b!.state
                || targets.contains(where: { $0.from != $0.to })
            {
                change = .changed
            } else {
                change = .unchanged
            }
            return GoalChange(
                id: id, title: (b ?? a)!.goal.title, change: change, fromProgress: a?.progress, toProgress: b?.progress,
                fromState: a?.state, toState: b?.state, targets: targets)
        }
        // Lines as canonical text, counted as a multiset across all log files.
        var before: [String: Int] = [:]
        for line in from.lines { before[line.text, default: 0] += 1 }
        var added = ActionCount(actions: 0, corrections: 0, toCome: 0)
        for line in to.lines {
            if let n = before[line.text], n > 0 {
                before[line.text] = n - 1
            } else if line.date > to.report.today {
                added.toCome += 1
            } else if line.correction {
                added.corrections += 1
            } else {
                added.actions += 1
            }
        }
        (actionsAdded, correctionsAdded, toComeAdded) = (added.actions, added.corrections, added.toCome)
    }
}
