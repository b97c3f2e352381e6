import HTLCore
import HTLModel

/// The severities in force: each rule's default (its descriptor),
/// overridden by `rules:` in htl.yaml.
package struct RuleConfiguration: Sendable {
    private var levels: [RuleID: RuleSetting.Level] = [:]

    public init(_ settings: [RuleSetting] = []) {
        for setting in settings {
            levels[setting.rule] = setting.level
        }
    }

    /// The severity of a rule's findings, or nil when the rule is off. An
    /// error rule set to `off` stays on as a warning (and `invalid-value`
    /// says so).
    public func severity(of rule: RuleID) -> Severity? {
        let descriptor = RuleRegistry.descriptor(rule)
        switch levels[rule] {
        case .off?: return descriptor.canBeTurnedOff ? nil : .warning
        case .warning?: return .warning
        case .error?: return .error
        case nil: return descriptor.severity
        }
    }

    package func isEnabled(_ rule: RuleID) -> Bool {
        severity(of: rule) != nil
    }

    /// Whether a load looks for the rule's findings: when it is on, and in
    /// a load that only counts errors (`warnings` false) when it is an error.
    package func isLookedFor(_ rule: RuleID, warnings: Bool) -> Bool {
        warnings ? isEnabled(rule) : severity(of: rule) == .error
    }

    /// Findings with their configured severities; those of rules turned off are dropped.
    public func apply(_ findings: [Finding]) -> [Diagnostic] {
        findings.compactMap { finding in
            severity(of: finding.rule).map { Diagnostic(finding, severity: $0) }
        }
    }
}
