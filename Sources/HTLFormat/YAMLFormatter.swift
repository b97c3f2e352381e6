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
        case schema(SchemaFields)
        /// measures.yaml: measure ids in the user's order, each a `Schema.measure` mapping.
        case measures

        /// Each key's position in the schema's order (none for measures.yaml's ids).
        func ranks(_ pairs: [YAMLPair]) -> [Int] {
            guard case .schema(let fields) = self else { return [] }
            return fields.ranks(pairs)
        }
    }

    let comments: YAMLComments

    /// The canonical text of the root mapping, each line ending in LF
    /// (`ranks`: `level.ranks(pairs)`).
    func format(_ pairs: [YAMLPair], level: Level, ranks: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 * pairs.count)
        var first = true
        for (i, kind) in order(pairs, level, ranks: ranks) {
            if !first, !comments.blankBefore.isEmpty, comments.blankBefore.contains(pairs[i].key.start) {
                out.append(0x0A)
            }
            first = false
            switch level {
            case .schema:
                entry(pairs, i, indent: 0, kind: kind, into: &out)
            case .measures:
                line(pairs, i, indent: 0, into: &out)
                if let fields = pairs[i].value.pairs {
                    for (k, kind) in order(fields, .schema(.measure), ranks: SchemaFields.measure.ranks(fields)) {
                        entry(fields, k, indent: 2, kind: kind, into: &out)
                    }
                }
            }
        }
        for comment in comments.atEnd {
            YAMLScalarWriter.appendUTF8(comment, to: &out)
            out.append(0x0A)
        }
        return out
    }

    /// The pairs' positions in the order they are written: schema keys in
    /// the schema's order (unknown keys last, written as text), ties in the
    /// user's order; each with how its value is written (measures.yaml's
    /// ids, in the user's order, have no kind of their own). Positions, not
    /// pairs: a pair copied is a reference count for each String it holds.
    private func order(_ pairs: [YAMLPair], _ level: Level, ranks: [Int]) -> [(index: Int, kind: Schema.FieldKind)] {
        guard case .schema(let fields) = level else { return pairs.indices.map { ($0, .text) } }
        let order =
            zip(ranks, ranks.dropFirst()).contains(where: { $0 > $1 })
            ? pairs.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) } : Array(pairs.indices)
        return order.map { ($0, ranks[$0] < fields.kinds.count ? fields.kinds[ranks[$0]] : .text) }
    }

    /// The key at `i` with its comments and value; nested mappings follow
    /// on their own lines. (Pairs are read where they lie: handed over by
    /// value, each was copied whole, every String and list in it counted.)
    private func entry(_ pairs: [YAMLPair], _ i: Int, indent: Int, kind: Schema.FieldKind, into out: inout [UInt8]) {
        let node = pairs[i].value
        if node.isNull { return line(pairs, i, indent: indent, into: &out) }
        switch kind {
        case .text:
            line(pairs, i, indent: indent, into: &out) { out in
                if let text = node.scalar { YAMLScalarWriter.append(text, to: &out) }
            }
        case .typed:
            line(pairs, i, indent: indent, into: &out) { out in YAMLScalarWriter.appendUTF8(node.scalar ?? "", to: &out)
            }
        case .textList:
            line(pairs, i, indent: indent, into: &out) { out in
                Self.flowList(node.items ?? [node], into: &out) { YAMLScalarWriter.append($0, inFlow: true, to: &$1) }
            }
        case .typedOrList:
            line(pairs, i, indent: indent, into: &out) { out in
                if let items = node.items {
                    Self.flowList(items, into: &out) { YAMLScalarWriter.appendUTF8($0, to: &$1) }
                } else {
                    YAMLScalarWriter.appendUTF8(node.scalar ?? "", to: &out)
                }
            }
        case .typedMapping:
            line(pairs, i, indent: indent, into: &out)
            let nested = node.pairs ?? []
            for k in nested.indices {
                entry(nested, k, indent: indent + 2, kind: .typed, into: &out)
            }
        }
    }

    /// `[a, b]`, each item's text written by `write`.
    private static func flowList(_ items: [YAMLNode], into out: inout [UInt8], _ write: (String, inout [UInt8]) -> Void)
    {
        out.append(UInt8(ascii: "["))
        for (i, item) in items.enumerated() {
            if i > 0 { out += [UInt8(ascii: ","), 0x20] }
            write(item.scalar ?? "", &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `count` spaces (a loop: the generic append of a repeated element
    /// cost a hundred instructions a line, for the nothing of a top-level key).
    private static func indent(_ count: Int, _ out: inout [UInt8]) {
        for _ in 0..<count { out.append(0x20) }
    }

    /// Leading comments, then `key: value  # comment`; `value` writes the
    /// value (nothing written: the key stands alone).
    private func line(
        _ pairs: [YAMLPair], _ i: Int, indent: Int, into out: inout [UInt8], value: (inout [UInt8]) -> Void = { _ in }
    ) {
        let start = pairs[i].key.start
        let leading = comments.leading.isEmpty ? [] : comments.leading[start] ?? []
        for comment in leading {
            Self.indent(indent, &out)
            YAMLScalarWriter.appendUTF8(comment, to: &out)
            out.append(0x0A)
        }
        Self.indent(indent, &out)
        YAMLScalarWriter.append(pairs.keyName(at: i), to: &out)
        out.append(UInt8(ascii: ":"))
        let keyEnd = out.count
        out.append(0x20)
        value(&out)
        if out.count == keyEnd + 1 { out.removeLast() }
        if !comments.trailing.isEmpty, let comment = comments.trailing[start] {
            out.append(0x20)
            YAMLScalarWriter.appendUTF8(comment, to: &out)
        }
        out.append(0x0A)
    }
}
