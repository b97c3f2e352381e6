import HTLCore
import HTLFormat
import HTLModel
import HTLParse
import HTLProgress

/// `htl check` as a function: files in, configured and sorted findings out.
public struct CheckReport: Sendable {
    /// Sorted by path, line, column, rule; severities as configured.
    public var diagnostics: [Diagnostic]
    public var fileCount: Int

    public init(diagnostics: [Diagnostic], fileCount: Int) {
        self.diagnostics = diagnostics
        self.fileCount = fileCount
    }

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }

    /// Whether the ledger fails the check (errors, or with `strict` any warning).
    public func fails(strict: Bool) -> Bool {
        errorCount > 0 || (strict && warningCount > 0)
    }

    /// Only the findings in the given ledger paths (files, or folders and what is below them).
    public func limited(to paths: [String]) -> CheckReport {
        guard !paths.isEmpty else { return self }
        var report = self
        report.diagnostics = diagnostics.filter { LedgerLayout.isSelected($0.location.path, by: paths) }
        return report
    }
}

public enum Checker {
    /// Loads, validates, applies the `rules:` severities and sorts.
    /// `extra` carries findings from outside the model (git, formatting).
    /// Reports that only count errors pass `formatting: false` to skip the
    /// `unformatted` warning, which needs every file formatted.
    public static func check(_ loaded: LedgerLoader.Result, today: CivilDate, extra: [Diagnostic] = [],
                             formatting: Bool = true) -> CheckReport {
        let configuration = RuleConfiguration(loaded.ledger.settings.rules)
        let found = loaded.diagnostics + Validator.validate(loaded.ledger, today: today, configuration: configuration) + extra
        var placed = DiagnosticPlacement.clamp(configuration.apply(found), files: loaded.ledger.files)
        if formatting, let severity = configuration.severity(of: .unformatted) {
            let withErrors = Set(placed.filter { $0.severity == .error }.map(\.location.path))
            for file in loaded.ledger.files where !withErrors.contains(file.path) {
                guard var finding = unformatted(file) else { continue }
                finding.severity = severity
                placed.append(finding)
            }
        }
        return CheckReport(diagnostics: Diagnostic.sortedForOutput(placed), fileCount: loaded.ledger.files.count)
    }

    /// `unformatted`, at the first line `htl fmt` would change.
    static func unformatted(_ file: SourceFile) -> Diagnostic? {
        guard let canonical = Formatter.canonical(file, verify: false), canonical != file.bytes else { return nil }
        var line = 1
        var i = 0
        let n = min(file.bytes.count, canonical.count)
        while i < n, file.bytes[i] == canonical[i] {
            if file.bytes[i] == 0x0A { line += 1 }
            i += 1
        }
        return Diagnostic(.unformatted, SourceLocation(path: file.path, line: line, column: 1),
                          "htl fmt would change this file from line \(line)", help: "run: htl fmt \(file.path)")
    }
}

/// Keeps every finding on a real line and column of the file it names.
package enum DiagnosticPlacement {
    static func clamp(_ diagnostics: [Diagnostic], files: [SourceFile]) -> [Diagnostic] {
        var bytesByPath: [String: [UInt8]] = [:]
        for file in files { bytesByPath[file.path] = file.bytes }
        var lineTables: [String: [Int]] = [:]
        var widths: [String: [Int: Int]] = [:]  // scalars per line, computed once per line
        return diagnostics.map { diagnostic in
            let path = diagnostic.location.path
            guard let bytes = bytesByPath[path] else { return diagnostic }
            let starts = lineTables[path] ?? lineStarts(bytes)
            lineTables[path] = starts
            var d = diagnostic
            d.location.line = min(max(d.location.line, 1), starts.count)
            let width: Int
            if let known = widths[path]?[d.location.line] {
                width = known
            } else {
                let lineStart = starts[d.location.line - 1]
                var lineEnd = d.location.line < starts.count ? starts[d.location.line] - 1 : bytes.count
                if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0A { lineEnd -= 1 }
        if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                var from = lineStart
                if d.location.line == 1, TextPosition.hasByteOrderMark(bytes) { from = min(3, lineEnd) }
                width = TextPosition.scalarCount(bytes, from: from, to: max(from, lineEnd))
                widths[path, default: [:]][d.location.line] = width
            }
            d.location.column = min(max(d.location.column, 1), width + 1)
            return d
        }
    }

    /// Byte offsets where each line starts; a final newline does not open a new line.
    package static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A && i + 1 < bytes.count {
            starts.append(i + 1)
        }
        return starts
    }
}
