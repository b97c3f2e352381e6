import HTLCore
import HTLJSON
import HTLLoad
import HTLModel
import HTLRender

/// `textDocument/completion`: goal ids after `+` (those whose window holds
/// the line's date first), tags after `#`, units after a number, today and
/// yesterday at the start of a log line; in front matter the keys not yet
/// written, enum words, value ids, measure ids and term numbers.
enum CompletionProvider {
    /// LSP CompletionItemKind numbers.
    enum Kind: Int {
        case property = 10
        case unit = 11
        case value = 12
        case keyword = 14
        case reference = 18
        case enumMember = 20
    }

    static func complete(_ context: RequestContext) -> JSON {
        guard let path = context.path, let p = context.position, let ledger = context.loaded?.ledger else {
            return .array([])
        }
        let today = context.loaded?.today ?? CivilDate(dayNumber: 0)
        var items: [(label: String, detail: String?, kind: Kind, start: Int)] = []
        switch CursorContext.at(path: path, line: p.line, column: p.column, positions: p.positions) {
        case .logWord(let word, let start, let first, let line):
            items = logWord(word, start: start, first: first, line: line, ledger: ledger, today: today)
        case .frontMatterKey(let word, let start):
            let written = Set(p.positions.frontMatterKeys())
            items = keys(for: path).filter { !written.contains($0) && $0.hasPrefix(word) }.map {
                ($0, nil, .property, start)
            }
        case .frontMatterValue(let key, let nested, let word, let start):
            items = values(key: key, nested: nested, ledger: ledger).filter { $0.0.hasPrefix(word) }.map {
                ($0.0, $0.1, $0.2, start)
            }
        case .elsewhere:
            break
        }
        let cursor = p.positions.lspPosition(line: p.line, column: p.column)
        return .array(
            items.enumerated().map { i, item in
                var fields: [(String, JSON)] = [("label", .string(item.label)), ("kind", .int(item.kind.rawValue))]
                if let detail = item.detail { fields.append(("detail", .string(detail))) }
                fields.append(("sortText", .string(String(100_000 + i))))
                let from = p.positions.lspPosition(line: p.line, column: item.start)
                fields.append(
                    (
                        "textEdit",
                        .object([("range", LSPMessage.range(from, cursor)), ("newText", .string(item.label))])
                    ))
                return .object(fields)
            })
    }

    static func logWord(
        _ word: String, start: Int, first: Bool, line: ArraySlice<UInt8>, ledger: Ledger,
        today: CivilDate
    ) -> [(String, String?, Kind, Int)] {
        if word.hasPrefix("+") {
            let date = CivilDate.parse(Array(line.prefix(10))) ?? today
            let goals = ledger.goals.sorted { a, b in
                let (x, y) = (a.windowContains(date), b.windowContains(date))
                return x != y ? x : ByteOrder.precedes(a.id, b.id)
            }
            return goals.filter { $0.id.hasPrefix(word.dropFirst()) }.map { ($0.id, $0.title, .reference, start + 1) }
        }
        if word.hasPrefix("#") {
            var tags = Set(ledger.goals.flatMap(\.tags))
            for action in ledger.actions { tags.formUnion(action.tags) }
            return tags.sorted().filter { $0.hasPrefix(word.dropFirst().lowercased()) }.map {
                ($0, nil, .keyword, start + 1)
            }
        }
        if first {
            return [
                (today.description, "today", .value, start),
                (today.adding(days: -1).description, "yesterday", .value, start),
            ]
            .filter { $0.0.hasPrefix(word) }
        }
        let digits = word.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }
        guard !digits.isEmpty, digits.contains(where: \.isNumber) else { return [] }
        let unit = word.dropFirst(digits.count)
        return ledger.measures.allNames.sorted().filter { $0.hasPrefix(unit) }
            .map {
                (
                    $0, ledger.measures.measure(named: $0).map { $0.title == $0.id ? $0.id : $0.title }, .unit,
                    start + digits.count
                )
            }
    }

    static func keys(for path: String) -> [String] {
        if path.hasPrefix("goals/") { return Schema.goal }
        if path.hasPrefix("values/") { return Schema.value }
        if path.hasPrefix("terms/") { return Schema.term }
        if path == "htl.yaml" { return Schema.settings }
        return []
    }

    static func values(key: String, nested: Bool, ledger: Ledger) -> [(String, String?, Kind)] {
        switch (key, nested) {
        case ("values", true): return ledger.values.map { ($0.id, $0.title, .reference) }
        case ("targets", true), ("cadence", true):
            return (ledger.measures.allNames.sorted() + [Goal.actionsMeasure]).map { ($0, nil, .unit) }
        case ("term", _): return ledger.terms.map { (String($0.number), $0.title, .value) }
        case ("kind", false): return Goal.Kind.allCases.map { ($0.rawValue, nil, .enumMember) }
        case ("level", false): return Value.Level.allCases.map { ($0.rawValue, nil, .enumMember) }
        case ("status", false):
            return (Goal.Status.allCases.map(\.rawValue) + Term.Status.allCases.map(\.rawValue))
                .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.map { ($0, nil, .enumMember) }
        case ("week_start", false): return Weekday.allCases.map { ($0.rawValue, nil, .enumMember) }
        default: return []
        }
    }
}

extension TextPositions {
    /// The top-level keys written in the front matter (or YAML file).
    func frontMatterKeys() -> [String] {
        var keys: [String] = []
        let markdown = Array(lineText(1)) == Array("---".utf8)
        for l in (markdown ? 2 : 1)...max(lineCount, 1) {
            let text = lineText(l)
            if markdown, Array(text) == Array("---".utf8) { break }
            if let first = text.first, first != 0x20, first != 0x23, let colon = text.firstIndex(of: 0x3A) {
                keys.append(String(decoding: text[text.startIndex..<colon], as: UTF8.self))
            }
        }
        return keys
    }
}
