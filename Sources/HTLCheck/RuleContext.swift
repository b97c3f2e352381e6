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
    /// A goal id → its position in `ledger.goals` (the first declaration).
    package let goalIndex: [String: Int]
    /// Each goal's window, by position in `ledger.goals` (rules that visit
    /// every action look at these, not at whole goals).
    package let goalWindows: [Goal.Window]
    package let termsByNumber: [Int: Term]
    package let valueIDs: Set<String>

    public init(_ parsed: ParsedLedger, today: CivilDate, pathsWithErrors: Set<String>) {
        ledger = parsed.ledger
        parse = parsed.context
        self.today = today
        self.pathsWithErrors = pathsWithErrors
        var goals: [String: Int] = [:]
        goals.reserveCapacity(ledger.goals.count)
        for (i, goal) in ledger.goals.enumerated() where goals[goal.id] == nil { goals[goal.id] = i }
        goalIndex = goals
        goalWindows = ledger.goals.map(\.window)
        var terms: [Int: Term] = [:]
        for term in ledger.terms where terms[term.number] == nil { terms[term.number] = term }
        termsByNumber = terms
        valueIDs = Set(ledger.values.map(\.id))
    }

    /// "[start, target]" with "…" for an open end, for messages.
    static func window(_ goal: Goal) -> String {
        "[\(goal.start.map(String.init(describing:)) ?? "…"), \(goal.target.map(String.init(describing:)) ?? "…")]"
    }
}
