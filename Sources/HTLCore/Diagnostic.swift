/// How serious a finding is.
public enum Severity: String, Sendable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// A position in a ledger file: path relative to the ledger root, 1-based
/// line, 1-based column counted in Unicode scalars.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    public var description: String { "\(path):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.path != rhs.path { return lhs.path.utf8.lexicographicallyPrecedes(rhs.path.utf8) }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        return lhs.column < rhs.column
    }
}

/// One finding of `htl check`: where, how serious, which rule, what.
public struct Diagnostic: Hashable, Sendable {
    public var location: SourceLocation
    public var severity: Severity
    public var rule: RuleID
    public var message: String
    /// Extra advice printed under the finding as `help: ...`.
    public var help: String?
    /// The finding is about the file as a whole (a missing key, a bad name),
    /// not about the text at its position: no source excerpt is shown.
    public var wholeFile: Bool

    public init(_ rule: RuleID, _ location: SourceLocation, _ message: String, help: String? = nil, wholeFile: Bool = false) {
        self.location = location
        self.severity = rule.defaultSeverity
        self.rule = rule
        self.message = message
        self.help = help
        self.wholeFile = wholeFile
    }

    /// The order of `htl check`: path, line, column, rule, then message.
    public static func sortedForOutput(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted { a, b in
            if a.location != b.location { return a.location < b.location }
            if a.rule != b.rule { return a.rule.rawValue < b.rule.rawValue }
            return a.message.utf8.lexicographicallyPrecedes(b.message.utf8)
        }
    }
}
