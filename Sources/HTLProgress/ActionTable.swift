import HTLCore
import HTLModel

/// `htl actions --by day|week|month|goal|tag --sum MEASURE...`: a table
/// of the selected actions' totals per group. `actions` counts the group's
/// actions (corrections are not actions, FORMAT.md §7); each sum adds the
/// quantities that convert to its measure, corrections included (they
/// count toward totals), each logged measure summed exactly, then
/// converted, as a goal's totals are.
public struct ActionTable: Sendable {
    public enum Grouping: String, Sendable, CaseIterable {
        case day, week, month, goal, tag
    }

    public struct Row: Sendable, Equatable {
        /// `2026-11-22`; a week by its first day; `2026-11`; a goal id; a tag; `(none)`.
        public var key: String
        public var actions: Int
        /// One per measure asked for, in that order.
        public var sums: [ExactDecimal]
    }

    public var grouping: Grouping?
    /// The measures summed, by id, as asked.
    public var measures: [String]
    /// In order of key (days, weeks and months in time; goals and tags by id), `(none)` last.
    public var rows: [Row]
    public var total: Row

    /// The key of actions with no goal or no tag.
    public static let none = "(none)"
    /// The key of the total row: in parentheses, as no tag or goal id can be.
    public static let totalKey = "(total)"

    /// The table of `indices` (actions of the ledger); `measures` are
    /// measure ids or aliases, each must be known.
    public init(
        _ indices: [Int], by grouping: Grouping?, summing measures: [String], ledger: Ledger, report: ProgressReport
    ) throws {
        let catalog = ledger.measures
        var measureIndices: [Int] = []
        for name in measures {
            guard let index = catalog.index(for: name) else {
                let near = Suggestion.closest(to: name, in: catalog.measures.flatMap { [$0.id] + $0.aliases })
                throw HTLError("--sum: no measure '\(name)'" + (near.map { " (did you mean '\($0)'?)" } ?? ""))
            }
            measureIndices.append(index)
        }
        self.grouping = grouping
        self.measures = measureIndices.map { catalog.measures[$0].id }
        let keys = ActionTable.keys(indices, by: grouping, ledger: ledger, report: report)
        var groups: [String: Tally] = [:]
        var all = Tally(measures: catalog.measures.count)
        for i in indices {
            let a = ledger.actions[i]
            all.add(a)
            for key in keys(i) { groups[key, default: Tally(measures: catalog.measures.count)].add(a) }
        }
        let ordered = groups.keys.sorted { x, y in
            x == ActionTable.none ? false : (y == ActionTable.none ? true : ByteOrder.precedes(x, y))
        }
        rows = ordered.map { groups[$0]!.row($0, measureIndices, catalog) }
        total = all.row(ActionTable.totalKey, measureIndices, catalog)
    }

    /// The group keys of an action: one for a date grouping; each goal it
    /// counts toward or each tag, or `(none)`.
    static func keys(_ indices: [Int], by grouping: Grouping?, ledger: Ledger, report: ProgressReport)
        -> (Int) -> [String]
    {
        switch grouping {
        case nil: return { _ in [] }
        case .day, .week, .month:
            // Each day's key made once: a year of days, not a string per action.
            var names: [Int: [String]] = [:]
            let start = ledger.settings.weekStart
            return { i in
                let date = ledger.actions[i].date
                if let name = names[date.dayNumber] { return name }
                let name: String
                switch grouping {
                case .week: name = start.onOrBefore(date).description
                case .month: name = String(date.description.prefix(7))
                default: name = date.description
                }
                names[date.dayNumber] = [name]
                return [name]
            }
        case .tag:
            return { i in
                let tags = Array(ledger.actions[i].tags)
                return tags.isEmpty ? [ActionTable.none] : tags
            }
        case .goal:
            var goals: [Int: [String]] = [:]
            let wanted = Set(indices)
            for g in report.goals {
                for i in g.allActionIndices where wanted.contains(i) { goals[i, default: []].append(g.id) }
            }
            return { goals[$0] ?? [ActionTable.none] }
        }
    }

    /// A group's count and its sums per logged measure.
    struct Tally {
        var actions = 0
        var amounts: [ExactDecimal]

        init(measures: Int) {
            amounts = Array(repeating: .zero, count: measures)
        }

        mutating func add(_ a: Action) {
            if !a.isCorrection { actions += 1 }
            for q in a.quantities { amounts[q.measureIndex] = amounts[q.measureIndex] + q.amount }
        }

        func row(_ key: String, _ measures: [Int], _ catalog: MeasureCatalog) -> Row {
            let sums = measures.map { target in
                amounts.indices.reduce(ExactDecimal.zero) { sum, logged in
                    guard !amounts[logged].isZero else { return sum }
                    return sum + (catalog.convert(amounts[logged], from: logged, to: target) ?? .zero)
                }
            }
            return Row(key: key, actions: actions, sums: sums)
        }
    }
}
