import HTLCore
import HTLJSON
import HTLLoad
import HTLModel
import HTLRender

/// `textDocument/definition` (a `+goal`, value id, measure or term number
/// → the file or line that declares it) and `textDocument/references` (a
/// goal → every log line that counts toward it, future ones included).
enum NavigationProvider {
    static func definition(_ context: RequestContext) -> JSON {
        guard let path = context.path, let p = context.position, let loaded = context.loaded, let uris = context.uris
        else { return .null }
        let ledger = loaded.ledger
        let word = WordAtCursor(p.positions.lineText(p.line), column: p.column).text.trimmingColon
        var target: SourceLocation?
        if word.hasPrefix("+") {
            target = ledger.goal(String(word.dropFirst()))?.location
        } else if let measure = ledger.measures.measure(
            named: String(word.drop { $0.isNumber || $0 == "." || $0 == "-" }))
        {
            target = measure.location
        } else if path.hasPrefix("goals/"), let value = ledger.value(word) {
            target = value.location
        } else if path.hasPrefix("goals/"), let number = Int(word),
            let term = ledger.terms.first(where: { $0.number == number })
        {
            target = term.location
        }
        guard let target else { return .null }
        return location(target, loaded: loaded, uris: uris)
    }

    static func references(_ context: RequestContext) -> JSON {
        guard let path = context.path, let p = context.position, let loaded = context.loaded, let uris = context.uris,
            let report = context.progress
        else { return .array([]) }
        let word = WordAtCursor(p.positions.lineText(p.line), column: p.column).text
        let id =
            word.hasPrefix("+")
            ? String(word.dropFirst())
            : (LedgerLayout.kind(of: path) == .goal ? LedgerLayout.entityID(of: path) : "")
        guard let g = report.goal(id) else { return .array([]) }
        let actions = loaded.ledger.actions
        return .array(
            g.allActionIndices.sorted().map { i in
                location(
                    SourceLocation(path: actions[i].path, line: actions[i].line, column: 1), loaded: loaded, uris: uris)
            })
    }

    /// A location as LSP wants it. A line's start needs no look at the
    /// file (references list thousands of log lines); another column is
    /// converted to UTF-16 on its line.
    static func location(_ target: SourceLocation, loaded: LoadedLedger, uris: LedgerURIs) -> JSON {
        var start = (line: max(target.line - 1, 0), character: 0)
        if target.column > 1 {
            start = TextPositions(loaded.files.first { $0.path == target.path }?.bytes ?? []).lspPosition(
                line: target.line, column: target.column)
        }
        return LSPMessage.location(uri: uris.uri(target.path), range: LSPMessage.range(start, start))
    }
}
