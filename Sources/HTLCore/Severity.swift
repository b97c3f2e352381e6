/// How serious a diagnostic is, once the rule's severity is known (its
/// default, or what `rules:` in htl.yaml says).
public enum Severity: String, Sendable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}
