import HTLCheck
import HTLCore
import HTLEdit
import HTLRender
import HTLSystem

/// The write tools (`htl mcp --allow-writes`): only through the checked
/// paths of the command line, and never over history.
extension MCPSession {
    /// `htl log`: the line is checked against the ledger first; errors are
    /// the tool's error and nothing is written. A dry run unless asked.
    func logAction(_ args: ToolArguments) throws -> String {
        guard let text = try args.string("text"), !text.isEmpty else { throw HTLError("'text' is required: the action's words") }
        guard !text.contains("\n"), !text.contains("\r") else { throw HTLError("'text' must be one line") }
        let loaded = try load { _ in }
        let date = try args.date("date") ?? loaded.today
        let entry = try LogEntry(text: text, date: date, time: try args.time("time"), path: nil, in: loaded)
        if entry.hasErrors {
            let report = CheckReport(diagnostics: entry.diagnostics, fileCount: 1)
            throw HTLError(DiagnosticRenderer.text(report, files: [entry.file]) + "nothing written")
        }
        let dryRun = try args.bool("dry_run") ?? true
        if !dryRun {
            try AtomicFile.appendLine(Array(entry.line.utf8), to: entry.path, in: loaded.root, header: Array(entry.header.utf8))
        }
        let warnings = entry.diagnostics.isEmpty ? ""
            : "\n" + DiagnosticRenderer.text(CheckReport(diagnostics: entry.diagnostics, fileCount: 1), files: [entry.file])
        return (dryRun ? "would append to \(entry.path) (dry run; call again with dry_run false to write):\n" : "appended to \(entry.path):\n")
            + entry.line + warnings
    }
}
