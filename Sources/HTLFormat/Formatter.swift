import HTLCore
import HTLModel
import HTLParse

/// `htl fmt` as a function: a file's canonical bytes (FORMAT.md §10).
package enum Formatter {
    /// The canonical form of a ledger file, or nil when htl cannot format it:
    /// it does not parse, or its shape is not the schema's (such files have
    /// errors and are left untouched). The result is verified: re-reading it
    /// gives the same data and the same comments, or nil is returned.
    ///
    /// `verify: false` skips the re-reading, for callers that only compare
    /// (`unformatted` in htl check); anything that writes must verify.
    ///
    /// `parsed`: a Markdown file's front matter as parsed when the file was
    /// read, so that it is not parsed again; used only where it was made
    /// from exactly the text the formatter reads (the same bytes, no
    /// carriage return in them).
    public static func canonical(_ file: SourceFile, verify: Bool = true, parsed: FrontMatterParse? = nil) -> [UInt8]? {
        guard UTF8Validation.firstInvalidByte(file.bytes) == nil else { return nil }
        switch LedgerLayout.kind(of: file.path) {
        case .log?:
            return LogFormatter.isCanonical(file.bytes) ? file.bytes : LogFormatter.format(file.bytes.span)
        case .settings?:
            return yamlFile(file.bytes, level: .schema(.settings), verify: verify)
        case .measures?:
            return yamlFile(file.bytes, level: .measures, verify: verify)
        case .value?:
            return markdownFile(file.bytes, schema: .value, verify: verify, parsed: parsed)
        case .term?:
            return markdownFile(file.bytes, schema: .term, verify: verify, parsed: parsed)
        case .goal?:
            return markdownFile(file.bytes, schema: .goal, verify: verify, parsed: parsed)
        case .review?:
            // A review is the user's own Markdown: never reformatted.
            return file.bytes
        case nil:
            return nil
        }
    }

    // MARK: YAML files

    static func yamlFile(_ bytes: [UInt8], level: YAMLFormatter.Level, verify: Bool) -> [UInt8]? {
        formatYAML(lines: TextLines.split(bytes)[...], firstLine: 1, level: level, verify: verify)
    }

    // MARK: Markdown files

    static func markdownFile(_ bytes: [UInt8], schema: SchemaFields, verify: Bool, parsed: FrontMatterParse? = nil)
        -> [UInt8]?
    {
        let lines = TextLines.split(bytes)
        guard let open = lines.first, FrontMatter.isDelimiter(bytes, open.indices),
            let close = lines.dropFirst().firstIndex(where: { FrontMatter.isDelimiter(bytes, $0.indices) })
        else { return nil }
        // The lines read here, joined, are then the very bytes that were parsed.
        let yamlBytes = lines[1].startIndex..<lines[close].startIndex
        let reusable = parsed.flatMap { $0.yaml == yamlBytes && !bytes[yamlBytes].contains(0x0D) ? $0.result : nil }
        guard
            let yaml = formatYAML(
                lines: lines[1..<close], firstLine: 2, level: .schema(schema), verify: verify,
                parsed: reusable)
        else { return nil }
        var bodyEnd = lines.endIndex
        while bodyEnd > close + 1, lines[bodyEnd - 1].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { bodyEnd -= 1 }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        out += Self.delimiter
        out += yaml
        out += Self.delimiter
        for line in lines[(close + 1)..<bodyEnd] {
            out += line
            out.append(0x0A)
        }
        return out
    }

    static let delimiter = Array("---\n".utf8)

    // MARK: Shared

    /// Formats YAML lines; nil when they do not parse, do not fit the level's
    /// shape, or the result would not read back as the same data and comments.
    static func formatYAML(
        lines: ArraySlice<ArraySlice<UInt8>>, firstLine: Int, level: YAMLFormatter.Level, verify: Bool,
        parsed: YAMLParser.Result? = nil
    ) -> [UInt8]? {
        // A parse of the same bytes gives the same tree: either is read.
        let source =
            parsed.map { Self.tree(of: $0, lines: lines, firstLine: firstLine) } ?? read(lines, firstLine: firstLine)
        guard let (pairs, comments) = source else { return nil }
        let ranks = level.ranks(pairs)
        guard Shape.fits(pairs, level, ranks: ranks) else { return nil }
        let text = YAMLFormatter(comments: comments).format(pairs, level: level, ranks: ranks)
        guard verify else { return text }
        // Verify: same data, same comments.
        let outLines = TextLines.split(text)[...]
        guard let (again, againComments) = read(outLines, firstLine: firstLine),
            Shape.data(of: again) == Shape.data(of: pairs),
            Shape.commentTexts(againComments) == Shape.commentTexts(comments),
            // No formatting step adds or removes a '#': a change means a comment was lost.
            hashes(lines) == hashes(outLines)
        else { return nil }
        return text
    }

    static func hashes(_ lines: ArraySlice<ArraySlice<UInt8>>) -> Int {
        lines.reduce(0) { $0 + $1.reduce(0) { $0 + ($1 == UInt8(ascii: "#") ? 1 : 0) } }
    }

    static func read(_ lines: ArraySlice<ArraySlice<UInt8>>, firstLine: Int) -> ([YAMLPair], YAMLComments)? {
        var joined: [UInt8] = []
        joined.reserveCapacity(lines.reduce(0) { $0 + $1.count + 1 })
        for line in lines {
            joined += line
            joined.append(0x0A)
        }
        return tree(
            of: YAMLParser.parse(joined[...], path: "", firstLine: firstLine), lines: lines, firstLine: firstLine)
    }

    /// The root mapping's pairs and the comments of YAML lines, from their
    /// parse; nil when they did not parse cleanly or are not a mapping.
    static func tree(of parsed: YAMLParser.Result, lines: ArraySlice<ArraySlice<UInt8>>, firstLine: Int) -> (
        [YAMLPair], YAMLComments
    )? {
        guard !parsed.failed, parsed.diagnostics.isEmpty else { return nil }
        let pairs: [YAMLPair]
        if let root = parsed.root {
            if let p = root.pairs { pairs = p } else if root.isNull { pairs = [] } else { return nil }
        } else {
            pairs = []
        }
        return (pairs, YAMLComments(lines: lines, firstLine: firstLine, root: parsed.root))
    }
}

/// The shapes `htl fmt` knows how to write, and the data it must preserve.
enum Shape {
    indirect enum Data: Equatable {
        case null
        case scalar(String)
        case list([Data])
        case map([String: Data])
    }

    /// `ranks`: `level.ranks(pairs)`.
    static func fits(_ pairs: [YAMLPair], _ level: YAMLFormatter.Level, ranks: [Int]) -> Bool {
        switch level {
        case .schema(let fields):
            return pairs.indices.allSatisfy {
                ranks[$0] < fields.kinds.count && fits(pairs[$0].value, fields.kinds[ranks[$0]])
            }
        case .measures:
            return pairs.allSatisfy { pair in
                guard plain(pair.key) else { return false }
                if pair.value.isNull, plain(pair.value) { return true }
                guard plain(pair.value), let fields = pair.value.pairs else { return false }
                return fits(fields, .schema(.measure), ranks: SchemaFields.measure.ranks(fields))
            }
        }
    }

    static func fits(_ node: YAMLNode, _ kind: Schema.FieldKind) -> Bool {
        guard plain(node) else { return false }
        if node.isNull { return true }
        switch kind {
        case .text, .typed:
            return node.scalar != nil
        case .textList:
            return node.items?.allSatisfy { $0.scalar != nil && plain($0) } ?? false
        case .typedOrList:
            return node.scalar != nil || (node.items?.allSatisfy { $0.scalar != nil && plain($0) } ?? false)
        case .typedMapping:
            return node.pairs?.allSatisfy { plain($0.key) && $0.value.scalar != nil && plain($0.value) } ?? false
        }
    }

    /// No tags, anchors or aliases.
    static func plain(_ node: YAMLNode) -> Bool {
        if case .alias = node.content { return false }
        return node.tag == nil && node.anchor == nil
    }

    static func data(of pairs: [YAMLPair]) -> Data {
        .map(Dictionary(pairs.map { ($0.name, data(of: $0.value)) }, uniquingKeysWith: { a, _ in a }))
    }

    static func data(of node: YAMLNode) -> Data {
        if node.isNull { return .null }
        switch node.content {
        case .scalar(let text, _): return .scalar(text)
        case .sequence(let items): return .list(items.map(data(of:)))
        case .mapping(let pairs): return data(of: pairs)
        case .alias(let name): return .scalar("*" + name)
        }
    }

    static func commentTexts(_ comments: YAMLComments) -> [String] {
        (comments.leading.values.flatMap { $0 } + comments.trailing.values + comments.atEnd).sorted()
    }
}
