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
    package let goalsByID: [String: Goal]
    package let termsByNumber: [Int: Term]
    package let valueIDs: Set<String>

    public init(_ parsed: ParsedLedger, today: CivilDate, pathsWithErrors: Set<String>) {
        ledger = parsed.ledger
        parse = parsed.context
        self.today = today
        self.pathsWithErrors = pathsWithErrors
        var goals: [String: Goal] = [:]
        for goal in ledger.goals where goals[goal.id] == nil { goals[goal.id] = goal }
        goalsByID = goals
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
