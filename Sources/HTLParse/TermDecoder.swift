import HTLCore
import HTLModel

/// `terms/<id>.md` → `Term` (FORMAT.md §5.2).
enum TermDecoder {
    static func decode(_ file: SourceFile, _ yaml: YAMLFile, termWeeks: Int) -> (Term?, [Finding]) {
        var reader = FieldReader(path: file.path)
        let id = LedgerLayout.entityID(of: file.path)
        let top = SourceLocation(path: file.path, line: 1, column: 1)
        guard let pairs = yaml.pairs else { return (nil, yaml.diagnostics) }
        reader.rejectUnknownKeys(pairs, schema: Schema.term, in: "a term")
        var number: Int?
        var numberLocation = top
        var title: String?
        var start: CivilDate?
        var end: CivilDate?
        var endNode: YAMLNode?
        var theme: String?
        var status: Term.Status?
        var present = Set<String>()
        for pair in pairs {
            let node = pair.value
            present.insert(pair.name)
            switch pair.name {
            case "number":
                number = reader.int(node, "number", 1...Int.max)
                numberLocation = reader.location(node)
            case "title": title = reader.text(node, "title")
            case "start": start = reader.date(node, "start")
            case "end":
                end = reader.date(node, "end")
                endNode = node
            case "theme": theme = reader.text(node, "theme")
            case "status": status = reader.word(node, "status", Term.Status.self)
            default: break
            }
        }
        for required in ["number", "start"] where !present.contains(required) {
            reader.diagnostics.append(Finding(.missingField, top, "term '\(id)' has no \(required)", wholeFile: true))
        }
        guard let number, let start else { return (nil, yaml.diagnostics + reader.diagnostics) }
        if let end, let endNode, end < start {
            reader.report(.dateOrder, endNode, "term ends (\(end)) before it starts (\(start))")
        }
        // A default end is never past the last day a date can be written (9999-12-31).
        let last =
            end.flatMap { $0 >= start ? $0 : nil } ?? min(start.adding(days: 7 * termWeeks - 1), CivilDate.latest)
        let term = Term(
            id: id, path: file.path, number: number, title: title ?? "Term \(number)",
            start: start, end: last, theme: theme, status: status, numberLocation: numberLocation)
        return (term, yaml.diagnostics + reader.diagnostics)
    }
}
