import HTLCore

/// Keeps every finding on a real line and column of the file it names
/// (a parser may point one past the end; a line past the last one is the last).
enum DiagnosticPlacement {
    static func clamp(_ diagnostics: [Diagnostic], files: [SourceFile]) -> [Diagnostic] {
        // No findings, no table of the files by path (ten thousand of them hashed for nothing).
        guard !diagnostics.isEmpty else { return diagnostics }
        var filesByPath: [String: SourceFile] = [:]
        for file in files { filesByPath[file.path] = file }
        var indexes: [String: LineIndex] = [:]
        var widths: [String: [Int: Int]] = [:]  // columns per line, computed once per line
        return diagnostics.map { diagnostic in
            let path = diagnostic.location.path
            guard let file = filesByPath[path] else { return diagnostic }
            let index = indexes[path] ?? LineIndex(file.bytes)
            indexes[path] = index
            var d = diagnostic
            d.location.line = min(max(d.location.line, 1), index.lineCount)
            let width = widths[path]?[d.location.line] ?? index.width(ofLine: d.location.line, in: file.bytes)
            widths[path, default: [:]][d.location.line] = width
            d.location.column = min(max(d.location.column, 1), width + 1)
            return d
        }
    }
}
