import HTLCheck
import HTLCore
import HTLJSON
import HTLModel

/// The three output formats of `htl check`.
public enum DiagnosticRenderer {
    /// Where a finding about text not written yet comes from (an imported
    /// CSV row, a record of an export): printed in place of its position,
    /// which follows as a note, since no file holds that line yet.
    public struct Origin: Sendable, Equatable {
        /// `activities.csv:4`, `goals_export.json item 3`.
        public var place: String
        /// Where the text would be: `log/2026.log:190:42`.
        public var wouldBe: SourceLocation

        public init(place: String, wouldBe: SourceLocation) {
            self.place = place
            self.wouldBe = wouldBe
        }
    }

    /// `path:line:col: severity: message [rule]`, each followed by the source
    /// line with a caret (for findings inside a file) and `help:` advice. A
    /// finding with an `origin` is printed at it: `place: severity: ...`,
    /// the line without a number, and `note: would be path:line:col`.
    public static func text(
        _ report: CheckReport, files: [SourceFile], style: TerminalStyle = .plain,
        origin: (Diagnostic) -> Origin? = { _ in nil }
    ) -> String {
        var excerpts = ExcerptSource(files: files)
        var out = ""
        for d in report.diagnostics {
            let severity =
                d.severity == .error
                ? style.paint("error", .red, bold: true) : style.paint("warning", .yellow, bold: true)
            let from = origin(d)
            let place = TerminalText.escaped(from?.place ?? d.location.description)
            out +=
                style.bold(place + ":") + " \(severity): \(TerminalText.escaped(d.message)) "
                + style.dim("[\(d.rule.rawValue)]") + "\n"
            let number = from == nil ? String(d.location.line) : ""
            let gutter = number.count + 1
            if !d.wholeFile, let (shown, caret) = excerpts.window(d.location) {
                out += " " + style.dim(number + " |") + " " + shown + "\n"
                out +=
                    " " + String(repeating: " ", count: gutter - 1) + style.dim(" |") + " "
                    + String(repeating: " ", count: caret - 1)
                    + style.paint("^", d.severity == .error ? .red : .yellow, bold: true) + "\n"
            }
            if let from {
                out +=
                    " " + String(repeating: " ", count: gutter - 1) + " = note: would be "
                    + TerminalText.escaped(from.wouldBe.description) + "\n"
            }
            if let help = d.help {
                out += " " + String(repeating: " ", count: gutter - 1) + " = help: " + TerminalText.escaped(help) + "\n"
            }
        }
        return out
    }

    /// `2 errors, 1 warning in 14 files`.
    public static func summary(_ report: CheckReport) -> String {
        let e = report.errorCount
        let w = report.warningCount
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
            (
                "diagnostics",
                .array(
                    report.diagnostics.map { d in
                        .object([
                            ("path", .string(d.location.path)),
                            ("line", .int(d.location.line)),
                            ("column", .int(d.location.column)),
                            ("severity", .string(d.severity.rawValue)),
                            ("rule", .string(d.rule.rawValue)),
                            ("message", .string(d.message)),
                        ])
                    })
            ),
        ]).serialized()
    }

    /// GitHub Actions workflow commands.
    public static func github(_ report: CheckReport) -> String {
        report.diagnostics.map { d in
            let file = property(TerminalText.escaped(d.location.path))
            let place = "file=\(file),line=\(d.location.line),col=\(d.location.column)"
            let title = property(d.rule.rawValue)
            return "::\(d.severity.rawValue) \(place),title=\(title)::\(data(TerminalText.escaped(d.message)))\n"
        }.joined()
    }

    private static func data(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    private static func property(_ s: String) -> String {
        data(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}
