import HTLCore
import HTLJSON
import HTLLoad
import HTLRender

/// `textDocument/codeAction`: quick fixes from findings that carry their
/// fix: a did-you-mean (unknown unit, goal, value, field, measure, rule
/// word) replaces the word; "quote the word" quotes it; a spaced quantity
/// (`5 km`) is joined (`5km`); an unlinked action gets the goal's link at
/// the end of its line.
enum CodeActionProvider {
    static func actions(_ context: RequestContext) -> JSON {
        guard let path = context.path, let bytes = context.bytes, let loaded = context.loaded, let uri = context.uri,
            let range = context.params["range"]
        else { return .array([]) }
        let positions = TextPositions(bytes)
        let first = positions.htlLine(range["start"]?["line"]?.int ?? 0)
        let last = positions.htlLine(range["end"]?["line"]?.int ?? 0)
        var actions: [JSON] = []
        for d in loaded.diagnostics
        where d.location.path == path && (first...max(first, last)).contains(d.location.line) {
            guard let fix = fix(for: d, positions) else { continue }
            let edit = JSON.object([
                (
                    "changes",
                    .object([
                        (
                            uri,
                            .array([
                                .object([
                                    (
                                        "range",
                                        LSPMessage.range(
                                            positions.lspPosition(line: d.location.line, column: fix.start),
                                            positions.lspPosition(line: d.location.line, column: fix.end))
                                    ),
                                    ("newText", .string(fix.text)),
                                ])
                            ])
                        )
                    ])
                )
            ])
            actions.append(
                .object([
                    ("title", .string(fix.title)), ("kind", .string("quickfix")),
                    ("diagnostics", .array([DiagnosticPublisher.diagnostic(d, positions: positions, uri: uri)])),
                    ("isPreferred", .bool(true)), ("edit", edit),
                ]))
        }
        return .array(actions)
    }

    /// The replacement (columns on the finding's line) a finding suggests.
    static func fix(for d: Diagnostic, _ positions: TextPositions) -> (
        title: String, text: String, start: Int, end: Int
    )? {
        let line = positions.lineText(d.location.line)
        let word = WordAtCursor(line, column: d.location.column)
        if d.rule == .spacedQuantity, let help = d.help, help.hasPrefix("write ") {
            let next = WordAtCursor(line, column: word.endColumn + 1)
            return ("Write \(help.dropFirst(6))", String(help.dropFirst(6)), word.startColumn, next.endColumn)
        }
        if let meant = quoted(after: "did you mean '", in: d.message) {
            // Keep a sigil (+goal, #tag) and the number of a quantity; replace the name.
            var start = d.location.column
            let text = Array(word.text.unicodeScalars)
            var k = start - word.startColumn
            while k < text.count, text[k] == "+" || text[k] == "#" {
                k += 1
                start += 1
            }
            let end = word.startColumn + text.count - (word.text.hasSuffix(":") ? 1 : 0)
            return ("Change to '\(meant)'", meant, start, end)
        }
        if d.rule == .unlinkedAction, let help = d.help, let marker = help.firstRange(of: "add +"),
            let id = help[marker.upperBound...].split(separator: " ").first
        {
            // The link goes at the end of the line, after any trailing blanks.
            let scalars = Array(String(decoding: line, as: UTF8.self).unicodeScalars)
            var end = scalars.count + 1
            while end > 1, scalars[end - 2] == " " || scalars[end - 2] == "\t" { end -= 1 }
            return ("Link +\(id)", " +\(id)", end, end)
        }
        if let help = d.help, let marker = help.firstRange(of: "quote the word: ") {
            let quoted = String(help[marker.upperBound...])
            return ("Quote \(quoted)", quoted, word.startColumn, word.endColumn)
        }
        return nil
    }

    static func quoted(after marker: String, in message: String) -> String? {
        guard let range = message.firstRange(of: marker) else { return nil }
        let rest = message[range.upperBound...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<close])
    }
}
