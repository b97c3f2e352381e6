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
    /// first byte (front matter starts on line 2).
    package static func parse(_ bytes: ArraySlice<UInt8>, path: String, firstLine: Int) -> Result {
        var diagnostics: [Finding] = []
        if let (offset, name) = foreignLineBreak(bytes) {
            // libyaml would count it as a line break and every later position would be off.
            let at = position(of: offset, in: bytes, firstLine: firstLine)
            return Result(root: nil, failed: true, diagnostics: [
                Finding(.yamlSyntax, SourceLocation(path: path, line: at.line, column: at.column),
                           "\(name) is not allowed in YAML here; use a plain line break (LF or CRLF)")
            ])
        }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            return Result(root: nil, diagnostics: [
                Finding(.yamlSyntax, SourceLocation(path: path, line: firstLine, column: 1),
                           "the YAML parser could not start")
            ])
        }
        defer { yaml_parser_delete(parser) }

        func mark(_ m: yaml_mark_t) -> YAMLMark {
            YAMLMark(line: Int(m.line) + firstLine, column: Int(m.column) + 1)
        }
        func location(_ m: YAMLMark) -> SourceLocation {
            SourceLocation(path: path, line: m.line, column: m.column)
        }

        // Builders for the open collections, innermost last.
        struct Open {
            var node: YAMLNode
            var items: [YAMLNode] = []
            var pairs: [YAMLPair] = []
            var pendingKey: YAMLNode?
            var seenKeys: [String: YAMLMark] = [:]
            var skipNextValue = false
            var isMapping: Bool
        }
        var stack: [Open] = []
        var root: YAMLNode?
        var documents = 0
        var failed = false

        // Attaches a finished node to its parent (or makes it the root).
        func attach(_ node: YAMLNode) {
            guard !stack.isEmpty else {
                root = node
                return
            }
            let top = stack.count - 1
            if stack[top].isMapping {
                if let key = stack[top].pendingKey {
                    if stack[top].skipNextValue {
                        stack[top].skipNextValue = false
                    } else {
                        stack[top].pairs.append(YAMLPair(key: key, value: node))
                    }
                    stack[top].pendingKey = nil
                } else {
                    // A key.
                    var key = node
                    if key.scalar == nil {
                        diagnostics.append(Finding(.yamlSyntax, location(node.start),
                                                      "a key must be a plain word, found \(node.kindDescription)"))
                        key.content = .scalar("", .plain)
                    } else if let text = key.scalar {
                        if let first = stack[top].seenKeys[text] {
                            diagnostics.append(Finding(.yamlSyntax, location(node.start),
                                                          "duplicate key '\(text)' (first on line \(first.line))"))
                            // The first occurrence counts; the rest of the file is still checked.
                            stack[top].skipNextValue = true
                        } else {
                            stack[top].seenKeys[text] = node.start
                        }
                    }
                    stack[top].pendingKey = key
                }
            } else {
                stack[top].items.append(node)
            }
        }

        func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int? = nil) -> String? {
            guard let pointer else { return nil }
            guard let length else { return String(cString: pointer) }
            return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
        }

        bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(parser, buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count)
            var event = yaml_event_t()
            loop: while true {
                guard yaml_parser_parse(parser, &event) == 1 else {
                    // Point at where the construct began (the open quote or bracket)
                    // when libyaml names one; the problem itself is often at the end.
                    if parser.pointee.error == YAML_READER_ERROR {
                        // Reader errors (a control character, bad UTF-8) carry a byte offset, not a mark.
                        let at = position(of: bytes.startIndex + Int(parser.pointee.problem_offset), in: bytes, firstLine: firstLine)
                        let problem = parser.pointee.problem.map { String(cString: $0) } ?? "unreadable character"
                        diagnostics.append(Finding(.yamlSyntax, SourceLocation(path: path, line: at.line, column: at.column),
                                                      "invalid YAML: " + problem))
                        failed = true
                        break loop
                    }
                    let problemMark = mark(parser.pointee.problem_mark)
                    var message = "invalid YAML: " + (parser.pointee.problem.map { String(cString: $0) } ?? "unknown problem")
                    var at = problemMark
                    if let context = parser.pointee.context {
                        let contextMark = mark(parser.pointee.context_mark)
                        message += " " + String(cString: context) + " that starts here"
                        if contextMark != problemMark {
                            message += " (problem at line \(problemMark.line), column \(problemMark.column))"
                        }
                        at = contextMark
                    }
                    diagnostics.append(Finding(.yamlSyntax, location(at), message))
                    failed = true
                    break loop
                }
                defer { yaml_event_delete(&event) }
                let start = mark(event.start_mark)
                let end = mark(event.end_mark)
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    break loop
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 {
                        diagnostics.append(Finding(.yamlSyntax, location(start),
                                                      "only one YAML document is allowed here"))
                        failed = true
                        break loop
                    }
                case YAML_SCALAR_EVENT:
                    let s = event.data.scalar
                    let style: YAMLScalarStyle
                    switch s.style {
                    case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
                    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
                    case YAML_LITERAL_SCALAR_STYLE: style = .literal
                    case YAML_FOLDED_SCALAR_STYLE: style = .folded
                    default: style = .plain
                    }
                    var node = YAMLNode(content: .scalar(string(s.value, Int(s.length)) ?? "", style),
                                        start: start, end: end)
                    node.tag = string(s.tag)
                    node.anchor = string(s.anchor)
                    attach(node)
                case YAML_ALIAS_EVENT:
                    let name = string(event.data.alias.anchor) ?? ""
                    attach(YAMLNode(content: .alias(name), start: start, end: end))
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    if stack.count >= maxDepth {
                        diagnostics.append(Finding(.yamlSyntax, location(start),
                                                      "nesting is deeper than \(maxDepth) levels"))
                        failed = true
                        break loop
                    }
                    let isMapping = event.type == YAML_MAPPING_START_EVENT
                    var node = YAMLNode(content: isMapping ? .mapping([]) : .sequence([]), start: start, end: end)
                    if isMapping {
                        node.isFlow = event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
                        node.tag = string(event.data.mapping_start.tag)
                        node.anchor = string(event.data.mapping_start.anchor)
                    } else {
                        node.isFlow = event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
                        node.tag = string(event.data.sequence_start.tag)
                        node.anchor = string(event.data.sequence_start.anchor)
                    }
                    stack.append(Open(node: node, isMapping: isMapping))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let open = stack.popLast() else { break }
                    var node = open.node
                    node.content = open.isMapping ? .mapping(open.pairs) : .sequence(open.items)
                    node.end = end
                    attach(node)
                default:
                    break
                }
            }
        }
        if failed {
            // Unwind without recursion-heavy teardown of partial trees.
            stack.removeAll()
            return Result(root: nil, failed: true, diagnostics: diagnostics)
        }
        return Result(root: root, diagnostics: diagnostics)
    }

    /// The first carriage return not followed by a line feed, NEL, U+2028 or
    /// U+2029: characters libyaml reads as line breaks but htl (and editors
    /// showing line numbers) may not.
    static func foreignLineBreak(_ bytes: ArraySlice<UInt8>) -> (offset: Int, name: String)? {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == 0x0D, i + 1 == bytes.endIndex || bytes[i + 1] != 0x0A { return (i, "a carriage return without a line feed") }
            if b == 0xC2, i + 1 < bytes.endIndex, bytes[i + 1] == 0x85 { return (i, "the character U+0085 (next line)") }
            if b == 0xE2, i + 2 < bytes.endIndex, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                return (i, bytes[i + 2] == 0xA8 ? "the character U+2028 (line separator)" : "the character U+2029 (paragraph separator)")
            }
            i += 1
        }
        return nil
    }

    /// File line and column of a byte offset in the YAML slice.
    static func position(of offset: Int, in bytes: ArraySlice<UInt8>, firstLine: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, bytes.startIndex), bytes.endIndex)
        var line = firstLine
        var lineStart = bytes.startIndex
        var i = bytes.startIndex
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        var column = 1
        i = lineStart
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return (line, column)
    }
}
