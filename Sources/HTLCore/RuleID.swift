/// Every rule `htl check` knows, with its default severity and a one-line summary.
public enum RuleID: String, CaseIterable, Sendable, Comparable {
    // Errors
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
    // Warnings
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

    public var defaultSeverity: Severity {
        switch self {
        case .goalNotMeasurable, .goalNotTimeBound, .goalNoValues, .goalNoPlan, .futureAction,
             .linkOutsideWindow, .termOverlap, .goalOutsideTerm, .goalLongerThanTerm,
             .valueNoGuidance, .unformatted:
            return .warning
        default:
            return .error
        }
    }

    /// Whether `rules:` in htl.yaml may turn the rule off. Errors can be lowered
    /// to warnings but not silenced, except the two that depend on workflow.
    public var canBeTurnedOff: Bool {
        defaultSeverity == .warning || self == .logRewrite || self == .unformatted
    }

    public var summary: String {
        switch self {
        case .yamlSyntax: return "front matter or a YAML file is not valid YAML, or the closing --- is missing"
        case .encoding: return "the file is not valid UTF-8"
        case .missingField: return "a required key is absent"
        case .unknownField: return "a key that is not in the schema"
        case .invalidValue: return "wrong type, out of range, unknown word, or not a real date"
        case .badID: return "a file name or measure name that is not a valid id"
        case .duplicateID: return "two files with one id, two terms with one number, or a measure name used twice"
        case .dateOrder: return "a start date after the target or end date"
        case .unknownMeasure: return "a target or conversion names an undeclared measure"
        case .unknownValue: return "a goal aligns to an undeclared value"
        case .unknownTerm: return "a goal names a term number that no term has"
        case .unknownGoal: return "a log line links to an undeclared goal"
        case .unknownUnit: return "a log quantity's unit is not a measure id or alias"
        case .badLogLine: return "a log line that is not blank, a comment or an action"
        case .badQuantity: return "a token that is almost a quantity (.5km, 5.km, 5,5km, 5_000km, 1e3km)"
        case .badEntry: return "a link leading outside the ledger, a dangling link, a FIFO or device, or a folder named like a ledger file"
        case .emptyAction: return "an action with no description, quantity or link"
        case .duplicateQuantity: return "two quantities of one measure in one action"
        case .zeroQuantity: return "a quantity of 0"
        case .badConversion: return "a conversion to a measure of another type, or a cycle of conversions"
        case .logRewrite: return "a committed log line was changed or removed"
        case .goalNotMeasurable: return "a goal with no targets and no checklist"
        case .goalNotTimeBound: return "a goal (kind goal) with no target date"
        case .goalNoValues: return "a goal aligned to no value"
        case .goalNoPlan: return "a goal (kind goal) with no Action plan section"
        case .futureAction: return "an action dated after today"
        case .linkOutsideWindow: return "an action links a goal outside the goal's [start, target] window"
        case .termOverlap: return "two terms' date ranges overlap"
        case .goalOutsideTerm: return "a goal's dates do not overlap a term it is committed to"
        case .goalLongerThanTerm: return "a goal's window is longer than 1.5 times its term"
        case .valueNoGuidance: return "a major value without guidance"
        case .unformatted: return "htl fmt would change the file"
        }
    }
}
