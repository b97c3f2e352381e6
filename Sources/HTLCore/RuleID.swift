/// The id of every rule `htl check` knows, as printed in brackets. What a
/// rule means (severity, summary, examples, check) is its descriptor in
/// HTLCheck/Rules, one file per rule.
public enum RuleID: String, CaseIterable, Sendable, Comparable {
    case yamlSyntax = "yaml-syntax"
    case encoding = "encoding"
    case missingField = "missing-field"
    case unknownField = "unknown-field"
    case invalidValue = "invalid-value"
    case badID = "bad-id"
    case duplicateID = "duplicate-id"
    case dateOrder = "date-order"
    case unknownMeasure = "unknown-measure"
    case unknownValue = "unknown-value"
    case unknownTerm = "unknown-term"
    case unknownGoal = "unknown-goal"
    case unknownUnit = "unknown-unit"
    case badLogLine = "bad-log-line"
    case badQuantity = "bad-quantity"
    case badEntry = "bad-entry"
    case emptyAction = "empty-action"
    case duplicateQuantity = "duplicate-quantity"
    case zeroQuantity = "zero-quantity"
    case badConversion = "bad-conversion"
    case logRewrite = "log-rewrite"
    case goalNotMeasurable = "goal-not-measurable"
    case goalNotTimeBound = "goal-not-time-bound"
    case goalNoValues = "goal-no-values"
    case goalNoPlan = "goal-no-plan"
    case futureAction = "future-action"
    case linkOutsideWindow = "link-outside-window"
    case termOverlap = "term-overlap"
    case goalOutsideTerm = "goal-outside-term"
    case goalLongerThanTerm = "goal-longer-than-term"
    case valueNoGuidance = "value-no-guidance"
    case unformatted = "unformatted"

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}
