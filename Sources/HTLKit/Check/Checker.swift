/// `htl check` as a function: files in, configured and sorted findings out.
public struct CheckReport: Sendable {
    /// Sorted by path, line, column, rule; severities as configured.
    public var diagnostics: [Diagnostic]
    public var fileCount: Int

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }

    /// Whether the ledger fails the check (errors, or with `strict` any warning).
    public func fails(strict: Bool) -> Bool {
        errorCount > 0 || (strict && warningCount > 0)
    }

    /// Only the findings in the given paths (a file, or a folder prefix).
    public func limited(to paths: [String]) -> CheckReport {
        guard !paths.isEmpty else { return self }
        let prefixes = paths.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        var report = self
        report.diagnostics = diagnostics.filter { d in
            prefixes.contains { d.location.path == $0 || d.location.path.hasPrefix($0 + "/") || $0 == "." || $0.isEmpty }
        }
        return report
    }
}

public enum Checker {
    /// Loads, validates, applies the `rules:` severities and sorts.
    /// `extra` carries findings from outside the model (git, formatting).
    public static func check(_ loaded: LedgerLoader.Result, today: CivilDate, extra: [Diagnostic] = []) -> CheckReport {
        let configuration = RuleConfiguration(loaded.ledger.settings.rules)
        let found = loaded.diagnostics + Validator.validate(loaded.ledger, today: today, configuration: configuration) + extra
        let placed = DiagnosticPlacement.clamp(configuration.apply(found), files: loaded.ledger.files)
        return CheckReport(diagnostics: Diagnostic.sortedForOutput(placed), fileCount: loaded.ledger.files.count)
    }
}

/// Keeps every finding on a real line and column of the file it names.
enum DiagnosticPlacement {
    static func clamp(_ diagnostics: [Diagnostic], files: [SourceFile]) -> [Diagnostic] {
        var bytesByPath: [String: [UInt8]] = [:]
        for file in files { bytesByPath[file.path] = file.bytes }
        var lineTables: [String: [Int]] = [:]
        return diagnostics.map { diagnostic in
            guard let bytes = bytesByPath[diagnostic.location.path] else { return diagnostic }
            let starts = lineTables[diagnostic.location.path] ?? lineStarts(bytes)
            lineTables[diagnostic.location.path] = starts
            var d = diagnostic
            d.location.line = min(max(d.location.line, 1), starts.count)
            let lineStart = starts[d.location.line - 1]
            var lineEnd = d.location.line < starts.count ? starts[d.location.line] - 1 : bytes.count
            if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            var from = lineStart
            if d.location.line == 1, TextPosition.hasByteOrderMark(bytes) { from = min(3, lineEnd) }
            let width = TextPosition.scalarCount(bytes, from: from, to: max(from, lineEnd))
            d.location.column = min(max(d.location.column, 1), width + 1)
            return d
        }
    }

    /// Byte offsets where each line starts; a final newline does not open a new line.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A && i + 1 < bytes.count {
            starts.append(i + 1)
        }
        return starts
    }
}
