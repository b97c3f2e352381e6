/// A finding with its severity, as `htl check` reports it.
public struct Diagnostic: Hashable, Sendable {
    public var finding: Finding
    public var severity: Severity

    public init(_ finding: Finding, severity: Severity) {
        self.finding = finding
        self.severity = severity
    }

    public var rule: RuleID { finding.rule }
    public var location: SourceLocation {
        get { finding.location }
        set { finding.location = newValue }
    }
    public var message: String { finding.message }
    public var help: String? { finding.help }
    package var wholeFile: Bool { finding.wholeFile }
    public var isError: Bool { severity == .error }

    /// The order of `htl check`: path, line, column, rule, then message.
    package static func sortedForOutput(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted { a, b in
            if a.location != b.location { return a.location < b.location }
            if a.rule != b.rule { return a.rule.rawValue < b.rule.rawValue }
            return ByteOrder.precedes(a.message, b.message)
        }
    }
}
