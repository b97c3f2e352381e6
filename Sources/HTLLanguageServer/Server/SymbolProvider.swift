import HTLCore
import HTLJSON
import HTLRender

/// `textDocument/documentSymbol`, for the editor's outline: in Markdown
/// files the front-matter keys and the headings; in the log, each action
/// line by its date and words; in YAML files the top-level keys.
enum SymbolProvider {
    /// LSP SymbolKind numbers.
    static let key = 7, heading = 15, event = 24

    static func symbols(_ context: RequestContext) -> JSON {
        guard let path = context.path, let bytes = context.bytes else { return .array([]) }
        let positions = TextPositions(bytes)
        var symbols: [JSON] = []
        var inFrontMatter = path.hasSuffix(".yaml")
        for l in 1...max(positions.lineCount, 1) {
            let text = positions.lineText(l)
            let string = String(decoding: text, as: UTF8.self)
            let width = LineIndex.scalarCount(text)
            var name: String?
            var kind = key
            if path.hasSuffix(".md"), string == "---" {
                inFrontMatter = l == 1
                continue
            }
            if path.hasSuffix(".log") {
                if let first = text.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
                    name = string
                    kind = event
                }
            } else if inFrontMatter, let first = text.first, first != 0x20, first != 0x23,
                let colon = string.firstIndex(of: ":")
            {
                name = String(string[..<colon])
            } else if !inFrontMatter, string.hasPrefix("#") {
                name = String(string.drop { $0 == "#" || $0 == " " })
                kind = heading
            }
            guard let name, !name.isEmpty else { continue }
            let range = LSPMessage.range(
                positions.lspPosition(line: l, column: 1), positions.lspPosition(line: l, column: width + 1))
            symbols.append(
                .object([("name", .string(name)), ("kind", .int(kind)), ("range", range), ("selectionRange", range)]))
        }
        return .array(symbols)
    }
}
