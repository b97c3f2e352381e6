import HTLCheck
import HTLCore
import HTLEdit
import HTLLoad
import HTLModel
import HTLRender
import HTLSystem

/// The write tools (`htl mcp --allow-writes`): only through the checked
/// paths of the command line, and never over history.
extension MCPSession {
    /// `htl log`: the line is checked against the ledger first; errors are
    /// the tool's error and nothing is written. A dry run unless asked.
    func logAction(_ args: ToolArguments) throws -> String {
        guard let text = try args.string("text"), !text.isEmpty else {
            throw HTLError("'text' is required: the action's words")
        }
        guard LogEntry.isOneLine(text) else { throw HTLError("'text' must be one line") }
        let dryRun = try args.bool("dry_run") ?? true
        let entry = try LogEntry.log(
            text, date: try args.date("date"), time: try args.time("time"), path: nil, dryRun: dryRun,
            ledger: LoadRequest(root: root, now: now()), waiting: waiting)
        if entry.hasErrors {
            let report = CheckReport(diagnostics: entry.diagnostics, fileCount: 1)
            throw HTLError(DiagnosticRenderer.text(report, files: [entry.file]) + "nothing written")
        }
        let warnings =
            entry.diagnostics.isEmpty
            ? ""
            : "\n"
                + DiagnosticRenderer.text(
                    CheckReport(diagnostics: entry.diagnostics, fileCount: 1), files: [entry.file])
        return
            (dryRun
            ? "would append to \(entry.path) (dry run; call again with dry_run false to write):\n"
            : "appended to \(entry.path):\n")
            + entry.line + warnings
    }
}

extension MCPSession {
    /// A new goal file, checked against the ledger; errors are the tool's
    /// error and nothing is written. A dry run unless asked.
    func newGoal(_ args: ToolArguments) throws -> String {
        var draft = GoalDraft(title: try args.string("title") ?? "")
        draft.id = try args.string("id")
        draft.start = try args.date("start")
        draft.target = try args.date("target")
        draft.importance = try args.int("importance")
        draft.urgency = try args.int("urgency")
        draft.terms = try args.ints("terms")
        draft.targets = try (args.object("targets") ?? []).map {
            ($0.0, try ToolArguments.decimal($0.1, "targets.\($0.0)"))
        }
        draft.values = try (args.object("values") ?? []).map { pair in
            guard let strength = pair.1.intValue else {
                throw HTLError("'values.\(pair.0)' must be a whole number 1-10")
            }
            return (pair.0, strength)
        }
        draft.description = try args.string("description") ?? ""
        draft.plan = try args.string("action_plan") ?? ""
        let dryRun = try args.bool("dry_run") ?? true
        let made = try draft.create(dryRun: dryRun, ledger: LoadRequest(root: root, now: now()), waiting: waiting)
        let findings =
            made.diagnostics.isEmpty
            ? ""
            : DiagnosticRenderer.text(CheckReport(diagnostics: made.diagnostics, fileCount: 1), files: [made.file])
        if made.diagnostics.contains(where: \.isError) { throw HTLError(findings + "nothing written") }
        var text =
            dryRun
            ? "would create \(made.file.path) (dry run; call again with dry_run false to write):\n"
            : "created \(made.file.path):\n"
        text += String(decoding: made.file.bytes, as: UTF8.self)
        if !made.similar.isEmpty {
            text +=
                "\nnote: the ledger already has a goal with a close title: "
                + made.similar.map { "\($0.id) (\($0.title))" }.joined(separator: ", ") + "; is this a duplicate?\n"
        }
        return text + (findings.isEmpty ? "" : "\n" + findings)
    }
}
