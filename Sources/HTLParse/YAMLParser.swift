import CYaml
import HTLCore
import HTLModel

/// Builds htl's positioned YAML nodes from libyaml's event stream.
///
/// One document per input; duplicate keys, non-scalar keys, too deep nesting
/// and libyaml's own syntax errors become `yaml-syntax` findings.
package enum YAMLParser {
    static let maxDepth = 32

    package struct Result {
        /// The document's root node; nil for an empty document or when the YAML is broken.
        package var root: YAMLNode?
        /// The YAML could not be read at all (as opposed to findings such as a duplicate key).
        package var failed = false
        package var diagnostics: [Finding]
    }

    /// Parses `bytes` as one YAML document. `firstLine` is the file line of the
    /// first byte (front matter starts on line 2). The YAML htl writes is
    /// read directly (`PlainYAML`); the rest by libyaml.
    package static func parse(_ bytes: ArraySlice<UInt8>, path: String, firstLine: Int) -> Result {
        PlainYAML.parse(bytes, firstLine: firstLine) ?? parseWithLibYAML(bytes, path: path, firstLine: firstLine)
    }

    static func parseWithLibYAML(_ bytes: ArraySlice<UInt8>, path: String, firstLine: Int) -> Result {
        if let (offset, name) = foreignLineBreak(bytes) {
            // libyaml would count it as a line break and every later position would be off.
            let at = LineIndex.position(ofByte: offset, in: bytes, firstLine: firstLine)
            return Result(
                root: nil, failed: true,
                diagnostics: [
                    Finding(
                        .yamlSyntax, SourceLocation(path: path, line: at.line, column: at.column),
                        "\(name) is not allowed in YAML here; use a plain line break (LF or CRLF)")
                ])
        }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            return Result(
                root: nil, failed: true,
                diagnostics: [
                    Finding(
                        .yamlSyntax, SourceLocation(path: path, line: firstLine, column: 1),
                        "the YAML parser could not start")
                ])
        }
        defer { yaml_parser_delete(parser) }
        var builder = YAMLTreeBuilder(path: path, firstLine: firstLine)
        bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(parser, buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count)
            var event = yaml_event_t()
            while !builder.done {
                guard yaml_parser_parse(parser, &event) == 1 else {
                    builder.fail(with: parser.pointee, in: bytes)
                    break
                }
                builder.handle(event)
                yaml_event_delete(&event)
            }
        }
        return builder.result
    }

    /// The first carriage return not followed by a line feed, NEL, U+2028 or
    /// U+2029: characters libyaml reads as line breaks but htl (and editors
    /// showing line numbers) may not.
    static func foreignLineBreak(_ bytes: ArraySlice<UInt8>) -> (offset: Int, name: String)? {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == 0x0D, i + 1 == bytes.endIndex || bytes[i + 1] != 0x0A {
                return (i, "a carriage return without a line feed")
            }
            if b == 0xC2, i + 1 < bytes.endIndex, bytes[i + 1] == 0x85 {
                return (i, "the character U+0085 (next line)")
            }
            if b == 0xE2, i + 2 < bytes.endIndex, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                return (
                    i,
                    bytes[i + 2] == 0xA8
                        ? "the character U+2028 (line separator)" : "the character U+2029 (paragraph separator)"
                )
            }
            i += 1
        }
        return nil
    }
}

/// The tree being built from libyaml's events: open collections innermost
/// last, the root once one is finished, and the findings so far.
struct YAMLTreeBuilder {
    /// A collection whose end event has not come yet.
    struct Open {
        var node: YAMLNode
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        /// The keys so far by text, once a mapping has more than
        /// `Open.scannedKeys` (smaller ones search their pairs).
        var seenKeys: [String: YAMLMark]?
        var skipNextValue = false
        var isMapping: Bool

        /// Up to this many keys, a new key is looked for among the pairs.
        static let scannedKeys = 16

        /// Where a key with this text first appeared, if it did.
        func firstMark(of text: String) -> YAMLMark? {
            if let seenKeys { return seenKeys[text] }
            return pairs.index(ofKey: text).map { pairs[$0].key.start }
        }

        /// Records a key; a mapping that outgrows a scan gets a table of its keys.
        mutating func remember(_ text: String, at mark: YAMLMark) {
            if seenKeys != nil {
                seenKeys?[text] = mark
            } else if pairs.count >= Open.scannedKeys {
                var table = [String: YAMLMark](minimumCapacity: 2 * pairs.count)
                for pair in pairs where table[pair.name] == nil { table[pair.name] = pair.key.start }
                table[text] = mark
                seenKeys = table
            }
        }
    }

    let path: String
    let firstLine: Int
    private var stack: [Open] = []
    private var root: YAMLNode?
    private var documents = 0
    private var failed = false
    private var diagnostics: [Finding] = []
    private(set) var done = false

    init(path: String, firstLine: Int) {
        self.path = path
        self.firstLine = firstLine
    }

    var result: YAMLParser.Result {
        failed
            ? YAMLParser.Result(root: nil, failed: true, diagnostics: diagnostics)
            : YAMLParser.Result(root: root, diagnostics: diagnostics)
    }

    func mark(_ m: yaml_mark_t) -> YAMLMark {
        YAMLMark(line: Int(m.line) + firstLine, column: Int(m.column) + 1)
    }

    func location(_ m: YAMLMark) -> SourceLocation {
        SourceLocation(path: path, line: m.line, column: m.column)
    }

    mutating func stop(_ finding: Finding) {
        diagnostics.append(finding)
        failed = true
        done = true
        stack.removeAll()
    }

    mutating func handle(_ event: yaml_event_t) {
        let start = mark(event.start_mark)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            done = true
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 { stop(Finding(.yamlSyntax, location(start), "only one YAML document is allowed here")) }
        case YAML_SCALAR_EVENT:
            attach(scalar(event.data.scalar, start: start, end: mark(event.end_mark)))
        case YAML_ALIAS_EVENT:
            attach(
                YAMLNode(
                    content: .alias(YAMLTreeBuilder.string(event.data.alias.anchor) ?? ""), start: start,
                    end: mark(event.end_mark)))
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            open(event, start: start)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            close(end: mark(event.end_mark))
        default:
            break
        }
    }

    private func scalar(_ s: yaml_event_s.__Unnamed_union_data.__Unnamed_struct_scalar, start: YAMLMark, end: YAMLMark)
        -> YAMLNode
    {
        let style: YAMLScalarStyle
        switch s.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: style = .literal
        case YAML_FOLDED_SCALAR_STYLE: style = .folded
        default: style = .plain
        }
        var node = YAMLNode(
            content: .scalar(YAMLTreeBuilder.string(s.value, Int(s.length)) ?? "", style), start: start, end: end)
        node.tag = YAMLTreeBuilder.string(s.tag)
        node.anchor = YAMLTreeBuilder.string(s.anchor)
        return node
    }

    private mutating func open(_ event: yaml_event_t, start: YAMLMark) {
        guard stack.count < YAMLParser.maxDepth else {
            return stop(Finding(.yamlSyntax, location(start), "nesting is deeper than \(YAMLParser.maxDepth) levels"))
        }
        let isMapping = event.type == YAML_MAPPING_START_EVENT
        var node = YAMLNode(content: isMapping ? .mapping([]) : .sequence([]), start: start, end: mark(event.end_mark))
        if isMapping {
            node.isFlow = event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
            node.tag = YAMLTreeBuilder.string(event.data.mapping_start.tag)
            node.anchor = YAMLTreeBuilder.string(event.data.mapping_start.anchor)
        } else {
            node.isFlow = event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
            node.tag = YAMLTreeBuilder.string(event.data.sequence_start.tag)
            node.anchor = YAMLTreeBuilder.string(event.data.sequence_start.anchor)
        }
        stack.append(Open(node: node, isMapping: isMapping))
    }

    private mutating func close(end: YAMLMark) {
        guard let open = stack.popLast() else { return }
        var node = open.node
        node.content = open.isMapping ? .mapping(open.pairs) : .sequence(open.items)
        node.end = end
        attach(node)
    }

    /// Attaches a finished node to its parent (or makes it the root).
    private mutating func attach(_ node: YAMLNode) {
        guard let top = stack.indices.last else {
            root = node
            return
        }
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        if let key = stack[top].pendingKey.take() {
            if stack[top].skipNextValue {
                stack[top].skipNextValue = false
            } else {
                stack[top].pairs.append(YAMLPair(key: key, value: node))
            }
        } else {
            stack[top].pendingKey = checkedKey(node, in: top)
        }
    }

    /// A key must be a scalar and appear once; the first occurrence counts
    /// and the rest of the file is still checked.
    private mutating func checkedKey(_ node: YAMLNode, in top: Int) -> YAMLNode {
        var key = node
        guard let text = key.scalar else {
            diagnostics.append(
                Finding(.yamlSyntax, location(node.start), "a key must be a plain word, found \(node.kindDescription)"))
            key.content = .scalar("", .plain)
            return key
        }
        if let first = stack[top].firstMark(of: text) {
            diagnostics.append(
                Finding(.yamlSyntax, location(node.start), "duplicate key '\(text)' (first on line \(first.line))"))
            stack[top].skipNextValue = true
        } else {
            stack[top].remember(text, at: node.start)
        }
        return key
    }

    /// libyaml gave up. A mistake in the structure (a key indented one
    /// space too far, a tab) is reported where libyaml found it, with the
    /// construct it was reading and where that starts; a quote, bracket or
    /// key left open (`opens`) is reported where it opens, since where
    /// libyaml gave up (often the end of the text) is not where to fix it.
    mutating func fail(with parser: yaml_parser_t, in bytes: ArraySlice<UInt8>) {
        let problem = parser.problem.map { String(cString: $0) }
        if parser.error == YAML_READER_ERROR {
            // Reader errors (a control character, bad UTF-8) carry a byte offset, not a mark.
            let at = LineIndex.position(
                ofByte: bytes.startIndex + Int(parser.problem_offset), in: bytes, firstLine: firstLine)
            return stop(
                Finding(
                    .yamlSyntax, SourceLocation(path: path, line: at.line, column: at.column),
                    "invalid YAML: " + (problem ?? "unreadable character")))
        }
        let problemMark = Self.clamped(mark(parser.problem_mark), to: bytes, firstLine: firstLine)
        var message = "invalid YAML: " + (problem ?? "unknown problem")
        var at = problemMark
        if let context = parser.context.map({ String(cString: $0) }) {
            let contextMark = Self.clamped(mark(parser.context_mark), to: bytes, firstLine: firstLine)
            message += " " + context + " that starts "
            if contextMark == problemMark {
                message += "here"
            } else if Self.opens(context) {
                message += "here (problem at line \(problemMark.line), column \(problemMark.column))"
                at = contextMark
            } else {
                message += "at line \(contextMark.line), column \(contextMark.column)"
            }
        }
        stop(Finding(.yamlSyntax, location(at), message))
    }

    /// Whether libyaml's context names something the writer opened and did
    /// not close: a quoted text, a `[...]` or `{...}`, a key without its `:`.
    static func opens(_ context: String) -> Bool {
        ["quoted scalar", "flow sequence", "flow mapping", "simple key"].contains { context.hasSuffix($0) }
    }

    /// libyaml can place a mark one line past the text (at the end of the
    /// stream): such a mark moves back to where the text ends.
    static func clamped(_ mark: YAMLMark, to bytes: ArraySlice<UInt8>, firstLine: Int) -> YAMLMark {
        let lastByte = bytes.last == 0x0A ? bytes.endIndex - 1 : bytes.endIndex
        let end = LineIndex.position(ofByte: lastByte, in: bytes, firstLine: firstLine)
        guard mark.line > end.line || (mark.line == end.line && mark.column > end.column) else { return mark }
        return YAMLMark(line: end.line, column: end.column)
    }

    static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int? = nil) -> String? {
        guard let pointer else { return nil }
        guard let length else { return String(cString: pointer) }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}
