import HTLCore

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
