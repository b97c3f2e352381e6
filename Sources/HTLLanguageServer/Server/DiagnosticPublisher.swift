import HTLCore
import HTLJSON
import HTLLoad
import HTLRender

/// `textDocument/publishDiagnostics` from the checker's findings: one
/// notification per file with findings, per open file, and per file whose
/// findings were published before (now empty). Ranges are in UTF-16.
///
/// A file shows at most `limit` findings, the first in file order, and one
/// more saying how many are not shown: a log of ten thousand repeated lines
/// is not sent whole on every keystroke. A file whose publication would be
/// the same as the last one sent is not sent again, unless the editor
/// opened, changed or closed it since.
enum DiagnosticPublisher {
    /// The most findings one file shows (docs/EDITORS.md).
    static let limit = 100

    static func publish(
        _ loaded: LoadedLedger, uris: LedgerURIs, documents: OpenDocuments, previously: [String: String],
        touched: Set<String>
    ) -> (messages: [String], sent: [String: String]) {
        var byPath: [String: [Diagnostic]] = [:]
        for d in loaded.diagnostics { byPath[d.location.path, default: []].append(d) }
        let files = Dictionary(loaded.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        let paths = Set(byPath.keys).union(previously.keys).union(documents.byPath.keys)
        var messages: [String] = []
        var sent: [String: String] = [:]
        for path in paths.sorted() {
            let uri = uris.uri(path)
            let items: [JSON]
            if let reason = documents.outOfSync(path) {
                // Positions in a copy that may differ would point at the wrong text.
                items = [outOfSync(reason)]
            } else {
                let positions = TextPositions(documents.bytes(path) ?? files[path] ?? [])
                items = shown(byPath[path] ?? [], positions: positions, uri: uri)
            }
            var params: [(String, JSON)] = [("uri", .string(uri))]
            if let version = documents.byPath[path]?.version { params.append(("version", .int(version))) }
            params.append(("diagnostics", .array(items)))
            let message = LSPMessage.notification("textDocument/publishDiagnostics", .object(params))
            if !items.isEmpty || documents.byPath[path] != nil { sent[path] = message }
            if previously[path] == message, !touched.contains(path) { continue }
            messages.append(message)
        }
        return (messages, sent)
    }

    /// The first `limit` findings in file order, then one for the rest.
    static func shown(_ findings: [Diagnostic], positions: TextPositions, uri: String) -> [JSON] {
        let ordered = findings.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            return (x.line, x.column, a.offset) < (y.line, y.column, b.offset)
        }.map(\.element)
        var items = ordered.prefix(limit).map { diagnostic($0, positions: positions, uri: uri) }
        let rest = ordered.dropFirst(limit)
        if let first = rest.first {
            let errors = rest.filter(\.isError).count
            let what = errors == 0 ? "" : errors == rest.count ? " (all errors)" : " (\(errors) of them errors)"
            items.append(
                .object([
                    ("range", range(of: first, positions)),
                    ("severity", .int(errors > 0 ? 1 : 2)),
                    ("source", .string("htl")),
                    (
                        "message",
                        .string(
                            "\(rest.count) more findings in this file\(what) are not shown here, "
                                + "only the first \(limit); htl check lists them all")
                    ),
                ]))
        }
        return items
    }

    /// What stands for a document's findings while htl's copy may differ from the editor's.
    static func outOfSync(_ reason: String) -> JSON {
        .object([
            ("range", LSPMessage.range((0, 0), (0, 0))),
            ("severity", .int(2)),
            ("source", .string("htl")),
            (
                "message",
                .string(
                    "htl's copy of this file may differ from yours (\(reason)), so it shows no findings "
                        + "and will not format the file; close and reopen it")
            ),
        ])
    }

    static func diagnostic(_ d: Diagnostic, positions: TextPositions, uri: String) -> JSON {
        let range = self.range(of: d, positions)
        var fields: [(String, JSON)] = [
            ("range", range),
            ("severity", .int(d.isError ? 1 : 2)),
            ("code", .string(d.rule.rawValue)),
            ("source", .string("htl")),
            ("message", .string(d.message)),
        ]
        if let help = d.help {
            fields.append(
                (
                    "relatedInformation",
                    .array([
                        .object([
                            ("location", LSPMessage.location(uri: uri, range: range)),
                            ("message", .string("help: " + help)),
                        ])
                    ])
                ))
        }
        return .object(fields)
    }

    /// From the finding's position to the end of the word there (at least
    /// one character); a finding about the whole file covers its first line.
    static func range(of d: Diagnostic, _ positions: TextPositions) -> JSON {
        if d.wholeFile {
            let width = LineIndex.scalarCount(positions.lineText(1))
            return LSPMessage.range(
                positions.lspPosition(line: 1, column: 1), positions.lspPosition(line: 1, column: width + 1))
        }
        let line = positions.lineText(d.location.line)
        let start = LineIndex.offset(ofColumn: d.location.column, in: line)
        var end = start
        while end < line.endIndex, line[end] != 0x20, line[end] != 0x09 { end += 1 }
        let width = LineIndex.scalarCount(line[start..<end])
        return LSPMessage.range(
            positions.lspPosition(line: d.location.line, column: d.location.column),
            positions.lspPosition(line: d.location.line, column: d.location.column + max(width, 1)))
    }
}
