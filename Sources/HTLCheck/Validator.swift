import HTLCore
import HTLFormat
import HTLModel
import HTLParse
import HTLProgress

/// What a rule sees: the model, "today", and indexes built once.
public struct RuleContext: Sendable {
    public let ledger: Ledger
    public let today: CivilDate
    public let goalsByID: [String: Goal]
    public let termsByNumber: [Int: Term]
    public let valueIDs: Set<String>

    public init(ledger: Ledger, today: CivilDate) {
        self.ledger = ledger
        self.today = today
        var goals: [String: Goal] = [:]
        for goal in ledger.goals where goals[goal.id] == nil { goals[goal.id] = goal }
        goalsByID = goals
        var terms: [Int: Term] = [:]
        for term in ledger.terms where terms[term.number] == nil { terms[term.number] = term }
        termsByNumber = terms
        valueIDs = Set(ledger.values.map(\.id))
    }
}

/// A model rule: a small function from the ledger to its findings.
public struct ModelRule: Sendable {
    public let id: RuleID
    public let check: @Sendable (RuleContext) -> [Diagnostic]
}

/// The pipeline's second half: model rules over a loaded ledger.
public enum Validator {
    public static let rules: [ModelRule] = [
        ModelRule(id: .badID, check: IdentityRules.badID),
        ModelRule(id: .duplicateID, check: IdentityRules.duplicateID),
        ModelRule(id: .unknownMeasure, check: ReferenceRules.unknownMeasure),
        ModelRule(id: .invalidValue, check: ReferenceRules.targetMeasureTwice),
        ModelRule(id: .unknownValue, check: ReferenceRules.unknownValue),
        ModelRule(id: .unknownTerm, check: ReferenceRules.unknownTerm),
        ModelRule(id: .unknownGoal, check: ReferenceRules.unknownGoal),
        ModelRule(id: .futureAction, check: TimeRules.futureAction),
        ModelRule(id: .linkOutsideWindow, check: TimeRules.linkOutsideWindow),
        ModelRule(id: .termOverlap, check: TimeRules.termOverlap),
        ModelRule(id: .goalOutsideTerm, check: TimeRules.goalOutsideTerm),
        ModelRule(id: .goalLongerThanTerm, check: TimeRules.goalLongerThanTerm),
        ModelRule(id: .goalNotMeasurable, check: GoalLintRules.notMeasurable),
        ModelRule(id: .goalNotTimeBound, check: GoalLintRules.notTimeBound),
        ModelRule(id: .goalNoValues, check: GoalLintRules.noValues),
        ModelRule(id: .goalNoPlan, check: GoalLintRules.noPlan),
        ModelRule(id: .valueNoGuidance, check: GoalLintRules.valueNoGuidance),
    ]

    /// Findings of every enabled model rule (default severities, unsorted).
    public static func validate(_ ledger: Ledger, today: CivilDate, configuration: RuleConfiguration) -> [Diagnostic] {
        let context = RuleContext(ledger: ledger, today: today)
        var found: [Diagnostic] = []
        for rule in rules where configuration.isEnabled(rule.id) {
            found += rule.check(context)
        }
        return found
    }
}
