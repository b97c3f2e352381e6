import HTLCore

/// Every rule's descriptor, in the order of `RuleID.allCases` (errors, then
/// warnings). `htl rules`, `htl explain`, docs/RULES.md and the checker all
/// read from here; a test checks that each id has exactly one descriptor.
public enum RuleRegistry {
    public static let all: [RuleDescriptor] = [
        .yamlSyntax, .encoding, .missingField, .unknownField, .invalidValue, .badID, .duplicateID, .dateOrder,
        .unknownMeasure, .unknownValue, .unknownTerm, .unknownGoal, .unknownUnit, .badLogLine, .badQuantity,
        .badEntry, .emptyAction, .duplicateQuantity, .zeroQuantity, .badConversion, .logRewrite,
        .goalNotMeasurable, .goalNotTimeBound, .goalNoValues, .goalNoPlan, .futureAction, .linkOutsideWindow,
        .termOverlap, .goalOutsideTerm, .goalLongerThanTerm, .valueNoGuidance, .unformatted,
        .spacedQuantity, .unusedQuantity, .duplicateAction, .unlinkedAction,
    ]

    private static let byID: [RuleID: RuleDescriptor] = Dictionary(
        all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })

    public static func descriptor(_ id: RuleID) -> RuleDescriptor {
        byID[id]!
    }

    /// The rules with a check over the model, in registry order.
    static let modelRules = all.filter { $0.check != nil }
}
