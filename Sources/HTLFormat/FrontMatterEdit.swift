import HTLCore
import HTLModel
import HTLParse

/// Setting top-level fields of a Markdown file's front matter as a person
/// would in an editor (the goal edit form of `htl serve`): the lines of a
/// field whose value changes are replaced, every other line stays, and
/// every comment is kept. A comment on a replaced field's line stays on it;
/// a comment on a mapping entry stays with that entry while it exists; any
/// other comment of the field becomes a comment line above it. The result
/// is then the file's canonical form (FORMAT.md §10), and it is refused
/// unless it holds exactly the comments the file held.
package enum FrontMatterEdit {
    /// A field's value as written: one scalar, or a mapping of scalars.
    package enum Value: Equatable, Sendable {
        case scalar(String)
        case mapping([Pair])
    }

    /// An entry of a mapping (`km: 100`): a key and its scalar, as a form's entry is.
    package typealias Pair = GoalFields.Entry

    /// The top-level fields whose value is a scalar or a mapping of
    /// scalars, as written, by key (a null or any other shape is left out);
    /// nil when the front matter does not parse.
    package static func fields(of bytes: [UInt8]) -> [String: Value]? {
        guard let front = Front(bytes) else { return nil }
        var fields: [String: Value] = [:]
        for pair in front.pairs { if let value = value(of: pair.value) { fields[pair.name] = value } }
        return fields
    }

    /// The file with each field of `changes` set (nil: removed) where its
    /// value differs from the file's, in canonical form; the file as it is
    /// when no value differs. A field whose
    /// value has another shape (a list, an alias) is only replaced, never
    /// removed: a form that cannot show it sends it back empty.
    package static func setting(_ changes: [(key: String, value: Value?)], in file: SourceFile) throws -> [UInt8] {
        guard UTF8Validation.firstInvalidByte(file.bytes) == nil, let front = Front(file.bytes) else {
            throw HTLError("htl cannot read the front matter of \(file.path) (run htl check)")
        }
        var edits: [Edit] = []
        for change in changes {
            if let written = change.value { try checkKeys(written) }
            if let k = front.pairs.index(ofKey: change.key) {
                let pair = front.pairs[k]
                let current = value(of: pair.value)
                if current == change.value || (change.value == nil && (current == nil || pair.value.isNull)) {
                    continue
                }
                let region = front.region(of: pair)
                edits.append(
                    Edit(
                        from: region.lowerBound, through: region.upperBound,
                        lines: front.replacement(of: pair, key: change.key, with: change.value)))
            } else if let value = change.value {
                let at = front.pairs.map { front.region(of: $0).upperBound + 1 }.max() ?? 2
                edits.append(Edit(from: at, through: at - 1, lines: lines(change.key, value, comments: nil)))
            }
        }
        guard !edits.isEmpty else { return file.bytes }
        let edited = SourceFile(path: file.path, bytes: front.applying(edits))
        guard let canonical = Formatter.canonical(edited) else {
            throw HTLError(
                "htl cannot write these values into \(file.path): a number, date or word field holds text YAML "
                    + "reads as something else (null, ~, a quote, ' #'), or the file has a field of a shape htl does "
                    + "not write (run htl check); nothing written")
        }
        guard comments(of: canonical) == comments(of: file.bytes) else {
            throw HTLError("writing these fields would lose a comment of \(file.path); nothing written")
        }
        return canonical
    }

    static func value(of node: YAMLNode) -> Value? {
        guard Shape.plain(node), !node.isNull else { return nil }
        if let text = node.scalar { return .scalar(text) }
        guard let pairs = node.pairs, !pairs.isEmpty else { return nil }
        var entries: [Pair] = []
        for pair in pairs {
            guard Shape.plain(pair.value), let text = pair.value.scalar else { return nil }
            entries.append(Pair(pair.name, text))
        }
        return .mapping(entries)
    }

    /// A mapping's keys are written as `htl fmt` writes them (quoted where
    /// YAML would read them otherwise: `"yes": 5`); a key is one line of text.
    static func checkKeys(_ value: Value) throws {
        guard case .mapping(let pairs) = value else { return }
        for pair in pairs where pair.key.isEmpty || pair.key.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            throw HTLError("\(TerminalText.quoted(pair.key)) cannot be a key: a key is one line of text")
        }
    }

    /// A field's lines: `key: value`, or `key:` and its entries; each
    /// entry's comments (above it, at its end) where it has them.
    static func lines(_ key: String, _ value: Value, comments: Front.FieldComments?) -> [String] {
        func ending(_ comment: String?) -> String { comment.map { "  " + $0 } ?? "" }
        switch value {
        case .scalar(let text):
            return ["\(key): \(YAMLScalarWriter.text(text))" + ending(comments?.onKeyLine)]
        case .mapping(let pairs):
            var out = ["\(key):" + ending(comments?.onKeyLine)]
            for pair in pairs {
                let entry = comments?.entries[pair.key]
                out += (entry?.above ?? []).map { "  " + $0 }
                out.append(
                    "  \(YAMLScalarWriter.text(pair.key)): \(YAMLScalarWriter.text(pair.value))" + ending(entry?.atEnd))
            }
            return out
        }
    }

    /// The comment texts of a file's front matter, sorted; empty when it does not parse.
    static func comments(of bytes: [UInt8]) -> [String] {
        guard let front = Front(bytes) else { return [] }
        return Shape.commentTexts(YAMLComments(lines: front.yamlLines, firstLine: 2, root: front.root))
    }

    /// Lines `from...through` (file lines) replaced by `lines`; an insertion has `through == from - 1`.
    struct Edit {
        var from: Int
        var through: Int
        var lines: [String]
    }
}

/// A Markdown file split and its front matter parsed: the lines, the root
/// mapping's pairs, and where each key and comment is.
struct Front {
    let lines: [ArraySlice<UInt8>]
    /// Index in `lines` of the closing `---` (so the YAML is file lines 2...close).
    let close: Int
    let root: YAMLNode?
    let pairs: [YAMLPair]
    let layout: YAMLKeyLayout

    init?(_ bytes: [UInt8]) {
        let lines = TextLines.split(bytes)
        guard let open = lines.first, FrontMatter.isDelimiter(bytes, open.indices),
            let close = lines.dropFirst().firstIndex(where: { FrontMatter.isDelimiter(bytes, $0.indices) })
        else { return nil }
        var joined: [UInt8] = []
        for line in lines[1..<close] {
            joined += line
            joined.append(0x0A)
        }
        let parsed = YAMLParser.parse(joined[...], path: "", firstLine: 2)
        guard !parsed.failed, parsed.diagnostics.isEmpty else { return nil }
        if let root = parsed.root, root.pairs == nil, !root.isNull { return nil }
        self.lines = lines
        self.close = close
        self.root = parsed.root
        pairs = parsed.root?.pairs ?? []
        layout = YAMLKeyLayout(parsed.root)
    }

    var yamlLines: ArraySlice<ArraySlice<UInt8>> { lines[1..<close] }

    /// The file lines a top-level field takes: its key's line to its value's last.
    func region(of pair: YAMLPair) -> ClosedRange<Int> {
        pair.key.start.line...max(pair.key.start.line, YAMLComments.lastLine(of: pair.value))
    }

    /// The comment at the end of, or making up, file line `n`; nil for none.
    func comment(on n: Int) -> String? {
        guard !layout.insideScalar.contains(n) else { return nil }
        let line = Array(lines[n - 1])
        guard let start = YAMLComments.commentStart(line, afterColumn: layout.contentEnd[n] ?? 1) else { return nil }
        return YAMLComments.trimmedEnd(line[start...])
    }

    func isCommentLine(_ n: Int) -> Bool {
        lines[n - 1].first { $0 != 0x20 && $0 != 0x09 } == UInt8(ascii: "#")
    }

    /// A field's comments: on its key's line, with each entry of a block
    /// mapping (the comment lines just above it and the one at its end),
    /// and the rest.
    struct FieldComments {
        var onKeyLine: String?
        var entries: [String: (above: [String], atEnd: String?)] = [:]
        var order: [String] = []
        var others: [String] = []
    }

    func comments(of pair: YAMLPair) -> FieldComments {
        let region = region(of: pair)
        var found = FieldComments(onKeyLine: comment(on: region.lowerBound))
        var entryOnLine: [Int: String] = [:]
        if !pair.value.isFlow {
            for entry in pair.value.pairs ?? [] where entryOnLine[entry.key.start.line] == nil {
                entryOnLine[entry.key.start.line] = entry.name
            }
        }
        var pending: [String] = []
        for n in region.dropFirst() {
            if isCommentLine(n) {
                pending += comment(on: n).map { [$0] } ?? []
            } else if let name = entryOnLine[n], found.entries[name] == nil {
                found.entries[name] = (pending, comment(on: n))
                found.order.append(name)
                pending = []
            } else if let text = comment(on: n) {
                found.others += pending + [text]
                pending = []
            }
        }
        found.others += pending
        return found
    }

    /// A field's new lines: the comments it no longer has a place for
    /// first, as comment lines, then the field (none when removed).
    func replacement(of pair: YAMLPair, key: String, with value: FrontMatterEdit.Value?) -> [String] {
        var comments = comments(of: pair)
        guard let value else {
            let entries = comments.order.flatMap { name -> [String] in
                let entry = comments.entries[name]!
                return entry.above + (entry.atEnd.map { [$0] } ?? [])
            }
            return (comments.onKeyLine.map { [$0] } ?? []) + entries + comments.others
        }
        var kept = Set<String>()
        if case .mapping(let pairs) = value { kept = Set(pairs.map(\.key)) }
        for name in comments.order where !kept.contains(name) {
            let entry = comments.entries.removeValue(forKey: name)!
            comments.others += entry.above + (entry.atEnd.map { [$0] } ?? [])
        }
        return comments.others + FrontMatterEdit.lines(key, value, comments: comments)
    }

    /// The file with the edits made (they do not overlap), LF line endings.
    func applying(_ edits: [FrontMatterEdit.Edit]) -> [UInt8] {
        var out = Formatter.delimiter
        func copy(_ n: Int) {
            out += lines[n - 1]
            out.append(0x0A)
        }
        var n = 2
        for edit in edits.sorted(by: { $0.from < $1.from }) {
            while n < edit.from {
                copy(n)
                n += 1
            }
            for line in edit.lines { out += Array((line + "\n").utf8) }
            n = edit.through + 1
        }
        while n <= close {
            copy(n)
            n += 1
        }
        out += Formatter.delimiter
        for k in (close + 1)..<lines.count { copy(k + 1) }
        return out
    }
}
