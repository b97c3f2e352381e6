import HTLCore
import HTLModel
import HTLParse

/// What a model rule sees: the ledger, the reading's bookkeeping, "today",
/// which files already have errors, and indexes built once.
package struct RuleContext: Sendable {
    /// What a rule reads of the context beyond the ledger and the facts
    /// every rule shares, built only when a rule that runs reads it.
    struct Reads: OptionSet, Sendable {
        let rawValue: Int
        /// Each action's first tag, numbered (`ActionFacts.firstTag`, `tags`).
        static let tags = Reads(rawValue: 1)
        /// What each goal makes of quantities (`goalUses`).
        static let goalUses = Reads(rawValue: 2)
    }

    public let ledger: Ledger
    public let parse: ParseContext
    public let today: CivilDate
    /// Files with errors (after `rules:` severities apply): advice about
    /// them (warnings) waits until the errors are fixed.
    package let pathsWithErrors: Set<String>
    /// Each goal's window, by position in `ledger.goals` (rules that visit
    /// every action look at these, not at whole goals).
    package let goalWindows: [Goal.Window]
    package let termsByNumber: [Int: Term]
    package let valueIDs: Set<String>
    /// Each action's day, first link's goal, first measure, first tag and
    /// whether it has more, by position in `ledger.actions`: read once here, on every core, for
    /// every rule that visits the actions (the first link's goal looked up
    /// once: three rules hashing every goal id was three look-ups per link).
    package let actionFacts: [ActionFacts]
    /// The tags written first on actions, numbered (`ActionFacts.firstTag`;
    /// empty, and every `firstTag` -1, unless a rule that runs reads `.tags`).
    package let tags: IdentifierTable
    /// What each goal makes of quantities (`unused-quantity`, in parts;
    /// empty unless a rule that runs reads `.goalUses`).
    let goalUses: GoalUses
    /// The goal ids, numbered (`IdentifierTable`: they are looked up per
    /// link), and each number's position in `ledger.goals` (its first declaration).
    private let goalIDs: IdentifierTable
    private let goalPositions: [Int32]

    /// `reads`: what the rules that will run read beyond what every rule
    /// shares (a load that only counts errors runs none that read tags).
    init(_ parsed: ParsedLedger, today: CivilDate, pathsWithErrors: Set<String>, reads: Reads = [.tags, .goalUses]) {
        ledger = parsed.ledger
        parse = parsed.context
        self.today = today
        self.pathsWithErrors = pathsWithErrors
        var ids = IdentifierTable(capacity: ledger.goals.count)
        var positions: [Int32] = []
        for (i, goal) in ledger.goals.enumerated() {
            // A repeated id keeps its first declaration's position.
            if ids.insert(goal.id) == positions.count { positions.append(Int32(i)) }
        }
        goalIDs = ids
        goalPositions = positions
        goalWindows = ledger.goals.map(\.window)
        var terms: [Int: Term] = [:]
        for term in ledger.terms where terms[term.number] == nil { terms[term.number] = term }
        termsByNumber = terms
        valueIDs = Set(ledger.values.map(\.id))
        (actionFacts, tags) = ActionFacts.of(
            ledger.actions, goals: ids, positions: positions, numberingTags: reads.contains(.tags))
        goalUses =
            reads.contains(.goalUses)
            ? GoalUses(ledger.goals, windows: goalWindows, catalog: ledger.measures) : GoalUses()
    }

    /// The position in `ledger.goals` of the goal with this id (its first declaration).
    package func goalPosition(of id: String) -> Int? {
        goalIDs.number(of: id).map { Int(goalPositions[$0]) }
    }

    /// How many links action `i` has (the action itself is read only when it has more than one).
    package func linkCount(of i: Int) -> Int {
        actionFacts[i].hasMoreLinks ? ledger.actions[i].links.count : actionFacts[i].hasLinks ? 1 : 0
    }

    /// The goal link `k` of action `i` names, by position in `ledger.goals`; nil when there is none.
    package func goal(ofLink k: Int, action i: Int) -> Int? {
        if k == 0 {
            let g = actionFacts[i].firstLinkGoal
            return g >= 0 ? Int(g) : nil
        }
        return goalPosition(of: ledger.actions[i].links[k].goal)
    }

    /// "[start, target]" with "…" for an open end, for messages.
    static func window(_ goal: Goal) -> String {
        "[\(goal.start.map(String.init(describing:)) ?? "…"), \(goal.target.map(String.init(describing:)) ?? "…")]"
    }
}
