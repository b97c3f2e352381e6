import HTLCore
import HTLModel

/// `values/<id>.md` → `Value` (FORMAT.md §5.1).
enum ValueDecoder {
    static func decode(_ file: SourceFile, _ yaml: YAMLFile) -> (Value?, [Finding]) {
        var reader = FieldReader(path: file.path)
        let id = LedgerLayout.entityID(of: file.path)
        guard let pairs = yaml.pairs else { return (nil, yaml.diagnostics) }
        reader.rejectUnknownKeys(pairs, schema: Schema.value, in: "a value")
        var title: String?
        var level = Value.Level.general
        var priority: Int?
        var domain: String?
        var guidance: String?
        for pair in pairs {
            let node = pair.value
            switch pair.name {
            case "title": title = reader.text(node, "title")
            case "level": level = reader.word(node, "level", Value.Level.self) ?? level
            case "priority": priority = reader.int(node, "priority", 1...100)
            case "domain": domain = reader.text(node, "domain")
            case "guidance": guidance = reader.text(node, "guidance")
            default: break
            }
        }
        if pairs.index(ofKey: "title") == nil {
            reader.diagnostics.append(
                Finding(
                    .missingField, SourceLocation(path: file.path, line: 1, column: 1),
                    "value '\(id)' has no title", wholeFile: true))
        }
        let value = Value(
            id: id, path: file.path, title: title ?? id, level: level,
            priority: priority ?? level.defaultPriority, prioritySet: priority != nil, domain: domain,
            guidance: guidance)
        return (value, yaml.diagnostics + reader.diagnostics)
    }
}
