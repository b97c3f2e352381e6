/// The three output formats of `htl check`.
public enum DiagnosticRenderer {
    /// `path:line:col: severity: message [rule]`, each followed by the source
    /// line with a caret (for findings inside a file) and `help:` advice.
    public static func text(_ report: CheckReport, files: [SourceFile], style: TerminalStyle = .plain) -> String {
        var bytesByPath: [String: SourceFile] = [:]
        for file in files { bytesByPath[file.path] = file }
        var out = ""
        for d in report.diagnostics {
            let severity = d.severity == .error ? style.paint("error", .red, bold: true) : style.paint("warning", .yellow, bold: true)
            out += style.bold("\(d.location):") + " \(severity): \(d.message) " + style.dim("[\(d.rule.rawValue)]") + "\n"
            let gutter = String(d.location.line).count + 1
            let pointsInside = d.location.line > 1 || d.location.column > 1
            if pointsInside, let file = bytesByPath[d.location.path], let line = file.lineText(d.location.line) {
                let (shown, caret) = excerpt(line, column: d.location.column)
                out += " " + style.dim(String(d.location.line) + " |") + " " + shown + "\n"
                out += " " + String(repeating: " ", count: gutter - 1) + style.dim(" |") + " "
                    + String(repeating: " ", count: caret - 1) + style.paint("^", d.severity == .error ? .red : .yellow, bold: true) + "\n"
            }
            if let help = d.help {
                out += " " + String(repeating: " ", count: gutter - 1) + " = help: " + help + "\n"
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
            "::\(d.severity.rawValue) file=\(property(d.location.path)),line=\(d.location.line),col=\(d.location.column),title=\(property(d.rule.rawValue))::\(data(d.message))\n"
        }.joined()
    }

    private static func data(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    private static func property(_ s: String) -> String {
        data(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }

    /// At most ~100 scalars of a line around the column; tabs shown as spaces.
    /// Returns the text and the caret's column within it.
    static func excerpt(_ line: String, column: Int) -> (String, Int) {
        var scalars = Array(line.unicodeScalars.map { $0 == "\t" || $0.value < 0x20 ? " " : $0 })
        var caret = min(max(column, 1), scalars.count + 1)
        let width = 100
        if scalars.count > width {
            let from = max(0, min(caret - 1 - width / 2, scalars.count - width))
            let to = min(scalars.count, from + width)
            var window = Array(scalars[from..<to])
            caret -= from
            if from > 0 {
                window.insert("…", at: 0)
                caret += 1
            }
            if to < scalars.count { window.append("…") }
            scalars = window
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return (text, caret)
    }
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
