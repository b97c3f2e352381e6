import HTLCore
import HTLModel
import HTLParse

/// Writes a parsed YAML mapping in canonical form (FORMAT.md §10): keys in
/// schema order, two-space indentation, canonical scalars, flow lists, block
/// nested mappings in the user's order, comments kept with their keys.
struct YAMLFormatter {
    /// How the keys of one mapping level are ordered and written.
    enum Level {
        /// Keys from a schema, in its order.
        case schema([String])
        /// measures.yaml: measure ids in the user's order, each a `Schema.measure` mapping.
        case measures
    }

    let comments: YAMLComments

    /// The canonical text of the root mapping, each line ending in LF.
    func format(_ pairs: [YAMLPair], level: Level) -> String {
        var out = ""
        var first = true
        for pair in ordered(pairs, level) {
            if !first, comments.blankBefore.contains(pair.key.start) { out += "\n" }
            first = false
            switch level {
            case .schema:
                out += entry(pair, indent: "", kind: Schema.kind(of: pair.name))
            case .measures:
                out += line(pair, indent: "", value: nil)
                if let fields = pair.value.pairs {
                    for field in ordered(fields, .schema(Schema.measure)) {
                        out += entry(field, indent: "  ", kind: Schema.kind(of: field.name))
                    }
                }
            }
        }
        for comment in comments.atEnd { out += comment + "\n" }
        return out
    }

    private func ordered(_ pairs: [YAMLPair], _ level: Level) -> [YAMLPair] {
        guard case .schema(let keys) = level else { return pairs }
        return pairs.enumerated().sorted { a, b in
            let ia = keys.firstIndex(of: a.element.name) ?? keys.count
            let ib = keys.firstIndex(of: b.element.name) ?? keys.count
            return ia != ib ? ia < ib : a.offset < b.offset
        }.map(\.element)
    }

    /// One key with its comments and value; nested mappings follow on their own lines.
    private func entry(_ pair: YAMLPair, indent: String, kind: Schema.FieldKind) -> String {
        let node = pair.value
        if node.isNull { return line(pair, indent: indent, value: nil) }
        switch kind {
        case .text:
            return line(pair, indent: indent, value: node.scalar.map { YAMLScalarWriter.text($0) })
        case .typed:
            return line(pair, indent: indent, value: node.scalar)
        case .textList:
            let items = (node.items ?? [node]).map { YAMLScalarWriter.text($0.scalar ?? "", inFlow: true) }
            return line(pair, indent: indent, value: "[" + items.joined(separator: ", ") + "]")
        case .typedOrList:
            if let items = node.items {
                return line(pair, indent: indent, value: "[" + items.map { $0.scalar ?? "" }.joined(separator: ", ") + "]")
            }
            return line(pair, indent: indent, value: node.scalar)
        case .typedMapping:
            var out = line(pair, indent: indent, value: nil)
            for nested in node.pairs ?? [] {
                out += entry(nested, indent: indent + "  ", kind: .typed)
            }
            return out
        }
    }

    /// Leading comments, then `key: value  # comment`.
    private func line(_ pair: YAMLPair, indent: String, value: String?) -> String {
        var out = ""
        for comment in comments.leading[pair.key.start] ?? [] {
            out += indent + comment + "\n"
        }
        out += indent + YAMLScalarWriter.text(pair.name) + ":"
        if let value, !value.isEmpty { out += " " + value }
        if let comment = comments.trailing[pair.key.start] { out += " " + comment }
        return out + "\n"
    }
}
