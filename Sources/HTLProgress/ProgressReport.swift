import HTLCore
import HTLModel

/// What the progress engine computes for one day: every goal, term and
/// value with its progress, and the views every report lists them in.
public struct ProgressReport: Sendable {
    public var today: CivilDate
    /// In file order.
    public var goals: [GoalProgress]
    /// By number.
    public var terms: [TermProgress]
    /// By priority, then id.
    public var values: [ValueInsight]
    /// Goals (not dropped) aligned to no value, by id.
    package var unalignedGoals: [String]
    /// The ledger's measures, for wording amounts ("1 book", "3 books").
    public var measures: MeasureCatalog
    /// Goals whose files could not be read, by path: not in `goals`, and
    /// listed by every view of them (set by the load, which has the findings).
    public var unreadableGoals: [UnreadableGoal] = []

    private var goalIndex: [String: Int]

    init(
        today: CivilDate, goals: [GoalProgress], terms: [TermProgress], values: [ValueInsight],
        unalignedGoals: [String],
        measures: MeasureCatalog
    ) {
        self.measures = measures
        self.today = today
        self.goals = goals
        self.terms = terms
        self.values = values
        self.unalignedGoals = unalignedGoals
        var index: [String: Int] = [:]
        // By position: a goal's progress taken out of the array is a reference count per list it holds.
        for i in goals.indices where index[goals[i].id] == nil { index[goals[i].id] = i }
        goalIndex = index
    }

    public func goal(_ id: String) -> GoalProgress? {
        goalIndex[id].map { goals[$0] }
    }

    /// For the given actions (indices into `ledger.actions` of `actions`),
    /// the ids of the goals each counts toward (today or once its day
    /// comes), sorted. Built on demand: only listings need it. Each action
    /// is looked up by its links and tags (FORMAT.md §7), so the cost is
    /// that of the actions listed, not of every goal's list.
    package func goalsCounting(_ actionIndices: [Int], in actions: [Action]) -> [Int: [String]] {
        var byID: [String: [Int]] = [:]
        var byTag: [String: [Int]] = [:]
        for g in goals.indices {
            byID[goals[g].id, default: []].append(g)
            for tag in Set(goals[g].goal.tags) { byTag[tag, default: []].append(g) }
        }
        var result: [Int: [String]] = [:]
        for i in actionIndices where actions.indices.contains(i) {
            let action = actions[i]
            var counting: [Int] = []
            for link in action.links { counting += byID[link.goal] ?? [] }
            for tag in action.tags {
                counting += (byTag[tag] ?? []).filter { goals[$0].goal.windowContains(action.date) }
            }
            result[i] = Set(counting).map { goals[$0].id }.sorted(by: ByteOrder.precedes)
        }
        return result
    }

    /// For every action, the positions in `goals` of the goals it counts
    /// toward, in one flat table (no dictionary of arrays for a million actions).
    package func goalsCountingEveryAction(actionCount: Int) -> ActionGoalTable {
        ActionGoalTable(goals, actionCount: actionCount)
    }

    /// Goals in attention order (FORMAT.md §9).
    public var attentionOrdered: [GoalProgress] {
        // Each goal's place is read once into a small key, and positions are
        // sorted by keys: a goal read from the array for each of n log n
        // comparisons was copied whole (10,000 goals: 280,000 copies).
        let goals = goals
        let keys = goals.map(AttentionKey.init)
        return goals.indices.sorted { keys[$0].precedes(keys[$1], goals[$0].id, goals[$1].id) }.map { goals[$0] }
    }

    /// Attention order: state (overdue first), target date (none last),
    /// urgency (higher first), importance (higher first), progress ascending
    /// (none last), then id.
    public static func needsAttentionFirst(_ a: GoalProgress, _ b: GoalProgress) -> Bool {
        AttentionKey(a).precedes(AttentionKey(b), a.id, b.id)
    }

    /// What attention order compares of a goal, but its id.
    struct AttentionKey {
        let rank: Int
        let target: CivilDate?
        let urgency: Int
        let importance: Int
        let progress: ExactDecimal?

        init(_ goal: GoalProgress) {
            rank = goal.state.attentionRank
            target = goal.goal.target
            urgency = goal.goal.urgency
            importance = goal.goal.importance
            progress = goal.progress
        }

        /// The ids are read only when everything else ties (rarely): read
        /// for every comparison of a sort, each was a goal's id fetched and
        /// its reference counted twice, 280,000 times for 10,000 goals, on one core.
        func precedes(_ b: AttentionKey, _ id: @autoclosure () -> String, _ otherID: @autoclosure () -> String) -> Bool
        {
            let a = self
            if a.rank != b.rank { return a.rank < b.rank }
            switch (a.target, b.target) {
            case (let x?, let y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            if a.urgency != b.urgency { return a.urgency > b.urgency }
            if a.importance != b.importance { return a.importance > b.importance }
            switch (a.progress, b.progress) {
            case (let x?, let y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            return ByteOrder.precedes(id(), otherID())
        }
    }

    /// The active term today (the highest number when several are active).
    public var currentTerm: TermProgress? {
        terms.last { $0.state == .active }
    }
}

/// A goal whose file htl could not read into the model (its front matter
/// is not YAML htl reads, or lacks what a goal needs): no progress, no
/// actions counted; named, with the first error in its file, wherever the
/// goals are listed (CLI.md, "Reports").
public struct UnreadableGoal: Sendable, Equatable {
    /// The id its file name gives.
    public var id: String
    public var path: String
    /// Where the first error in the file is, and what it says.
    public var location: SourceLocation
    public var message: String

    package init(id: String, path: String, location: SourceLocation, message: String) {
        self.id = id
        self.path = path
        self.location = location
        self.message = message
    }
}
