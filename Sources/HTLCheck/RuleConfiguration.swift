import HTLCore
import HTLFormat
import HTLModel
import HTLParse
import HTLProgress

/// The severities in force: defaults, overridden by `rules:` in htl.yaml.
public struct RuleConfiguration: Sendable {
    private var levels: [RuleID: RuleSetting.Level] = [:]

    public init(_ settings: [RuleSetting] = []) {
        for setting in settings {
            levels[setting.rule] = setting.level
        }
    }

    /// The severity of a rule's findings, or nil when the rule is off.
    public func severity(of rule: RuleID) -> Severity? {
        switch levels[rule] {
        case .off?: return rule.canBeTurnedOff ? nil : .warning
        case .warning?: return .warning
        case .error?: return .error
        case nil: return rule.defaultSeverity
        }
    }

    public func isEnabled(_ rule: RuleID) -> Bool {
        severity(of: rule) != nil
    }

    /// Findings with configured severities; those of rules turned off are dropped.
    public func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.compactMap { diagnostic in
            guard let severity = severity(of: diagnostic.rule) else { return nil }
            var d = diagnostic
            d.severity = severity
            return d
        }
    }
}
