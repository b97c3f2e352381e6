import HTLCheck
import HTLCore
import HTLLoad
import HTLModel
import HTLProgress

/// The three output formats of `htl check`.
public enum DiagnosticRenderer {
    /// `path:line:col: severity: message [rule]`, each followed by the source
    /// line with a caret (for findings inside a file) and `help:` advice.
    public static func text(_ report: CheckReport, files: [SourceFile], style: TerminalStyle = .plain) -> String {
        var excerpts = ExcerptSource(files: files)
        var out = ""
        for d in report.diagnostics {
            let severity = d.severity == .error ? style.paint("error", .red, bold: true) : style.paint("warning", .yellow, bold: true)
            let place = TerminalText.escaped(d.location.description)
            out += style.bold(place + ":") + " \(severity): \(TerminalText.escaped(d.message)) " + style.dim("[\(d.rule.rawValue)]") + "\n"
            let gutter = String(d.location.line).count + 1
            if !d.wholeFile, let (shown, caret) = excerpts.window(d.location) {
                out += " " + style.dim(String(d.location.line) + " |") + " " + shown + "\n"
                out += " " + String(repeating: " ", count: gutter - 1) + style.dim(" |") + " "
                    + String(repeating: " ", count: caret - 1) + style.paint("^", d.severity == .error ? .red : .yellow, bold: true) + "\n"
            }
            if let help = d.help {
                out += " " + String(repeating: " ", count: gutter - 1) + " = help: " + TerminalText.escaped(help) + "\n"
            }
        }
        return out
    }

    /// `2 errors, 1 warning in 14 files`.
    public static func summary(_ report: CheckReport) -> String {
        let e = report.errorCount, w = report.warningCount
        let files = "\(report.fileCount) file" + (report.fileCount == 1 ? "" : "s")
        if e == 0 && w == 0 { return "no errors or warnings in \(files)" }
        return "\(e) error" + (e == 1 ? "" : "s") + ", \(w) warning" + (w == 1 ? "" : "s") + " in \(files)"
    }

    public static func json(_ report: CheckReport) -> String {
        JSON.object([
            ("version", .int(1)),
            ("files", .int(report.fileCount)),
            ("errors", .int(report.errorCount)),
            ("warnings", .int(report.warningCount)),
            ("diagnostics", .array(report.diagnostics.map { d in
                .object([
                    ("path", .string(d.location.path)),
                    ("line", .int(d.location.line)),
                    ("column", .int(d.location.column)),
                    ("severity", .string(d.severity.rawValue)),
                    ("rule", .string(d.rule.rawValue)),
                    ("message", .string(d.message)),
                ])
            })),
        ]).serialized()
    }

    /// GitHub Actions workflow commands.
    public static func github(_ report: CheckReport) -> String {
        report.diagnostics.map { d in
            "::\(d.severity.rawValue) file=\(property(TerminalText.escaped(d.location.path))),line=\(d.location.line),col=\(d.location.column),title=\(property(d.rule.rawValue))::\(data(TerminalText.escaped(d.message)))\n"
        }.joined()
    }

    private static func data(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    private static func property(_ s: String) -> String {
        data(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }

}

/// Source lines for excerpts, found without rescanning files: a table of
/// line starts per file, and a cursor that moves forward along a line as
/// findings (sorted by column) come, so that thousands of findings on one
/// long line stay linear.
struct ExcerptSource {
    static let halfWidth = 50

    private var files: [String: SourceFile] = [:]
    private var lineStarts: [String: [Int]] = [:]
    private var cursor: (path: String, line: Int, column: Int, byte: Int)?

    init(files: [SourceFile]) {
        for file in files { self.files[file.path] = file }
    }

    /// About 100 scalars of the line around the column, tabs and control
    /// characters shown as spaces, with "…" where it is cut; and the caret's
    /// column within that text.
    mutating func window(_ location: SourceLocation) -> (String, Int)? {
        guard let file = files[location.path] else { return nil }
        let bytes = file.bytes
        let starts = lineStarts[location.path] ?? DiagnosticPlacement.lineStarts(bytes)
        lineStarts[location.path] = starts
        guard location.line >= 1, location.line <= starts.count else { return nil }
        var lineStart = starts[location.line - 1]
        if location.line == 1, TextPosition.hasByteOrderMark(bytes) { lineStart = min(3, bytes.count) }
        var lineEnd = location.line < starts.count ? starts[location.line] - 1 : bytes.count
        if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0A { lineEnd -= 1 }
        if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }

        // The byte where the column is, walking on from the previous finding on this line.
        var column = 1, at = lineStart
        if let c = cursor, c.path == location.path, c.line == location.line, c.column <= location.column {
            column = c.column
            at = c.byte
        }
        while column < location.column, at < lineEnd {
            at += 1
            while at < lineEnd, bytes[at] & 0xC0 == 0x80 { at += 1 }
            column += 1
        }
        cursor = (location.path, location.line, column, at)

        var from = at, before = 0
        while from > lineStart, before < ExcerptSource.halfWidth {
            from -= 1
            while from > lineStart, bytes[from] & 0xC0 == 0x80 { from -= 1 }
            before += 1
        }
        // What the start of the line leaves unused goes after the caret: about 100 scalars in all.
        var to = at, after = 0
        while to < lineEnd, after < 2 * ExcerptSource.halfWidth - before {
            to += 1
            while to < lineEnd, bytes[to] & 0xC0 == 0x80 { to += 1 }
            after += 1
        }
        var text = from > lineStart ? "…" : ""
        let caret = before + 1 + (from > lineStart ? 1 : 0)
        for scalar in String(decoding: bytes[from..<to], as: UTF8.self).unicodeScalars {
            text.unicodeScalars.append(TerminalText.isUnsafe(scalar) || scalar == "\t" ? " " : scalar)
        }
        if to < lineEnd { text += "…" }
        return (text, caret)
    }
}
