import HTLCore
import HTLModel
import HTLParse

/// What a model rule sees: the ledger, the reading's bookkeeping, "today",
/// which files already have errors, and indexes built once.
package struct RuleContext: Sendable {
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
    /// Each action's first link's goal, by position in `ledger.goals` (-1:
    /// no link, or no such goal): looked up once here for every rule that
    /// follows links, on every core (three rules hashing every goal id was
    /// three table look-ups per link).
    private let firstLinkGoal: [Int32]
    /// The goal ids, numbered (`IdentifierTable`: they are looked up per
    /// link), and each number's position in `ledger.goals` (its first declaration).
    private let goalIDs: IdentifierTable
    private let goalPositions: [Int32]

    public init(_ parsed: ParsedLedger, today: CivilDate, pathsWithErrors: Set<String>) {
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
        firstLinkGoal = Self.firstLinkGoals(ledger.actions, ids, positions)
    }

    /// The position in `ledger.goals` of the goal with this id (its first declaration).
    package func goalPosition(of id: String) -> Int? {
        goalIDs.number(of: id).map { Int(goalPositions[$0]) }
    }

    /// The goal link `k` of action `i` names, by position in `ledger.goals`; nil when there is none.
    package func goal(ofLink k: Int, action i: Int) -> Int? {
        if k == 0 {
            let g = firstLinkGoal[i]
            return g >= 0 ? Int(g) : nil
        }
        return goalPosition(of: ledger.actions[i].links[k].goal)
    }

    private static func firstLinkGoals(_ actions: [Action], _ ids: IdentifierTable, _ positions: [Int32]) -> [Int32] {
        let slices = Parallel.slices(actions.count)
        return Parallel.map(slices.count) { s in
            slices[s].map { i in actions[i].links.first.flatMap { ids.number(of: $0.goal) }.map { positions[$0] } ?? -1 }
        }.flatMap { $0 }
    }

    /// "[start, target]" with "…" for an open end, for messages.
    static func window(_ goal: Goal) -> String {
        "[\(goal.start.map(String.init(describing:)) ?? "…"), \(goal.target.map(String.init(describing:)) ?? "…")]"
    }
}
