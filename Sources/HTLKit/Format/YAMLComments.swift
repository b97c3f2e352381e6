/// Where the comments and blank lines of a YAML text belong, so that
/// `htl fmt` can move them with their keys (FORMAT.md §10): a comment line
/// moves with the key below it, an end-of-line comment stays on its key's
/// line, and a blank line before a top-level key is kept (runs become one).
struct YAMLComments {
    /// Comment texts (from `#`) to write above a key, by the key's position.
    private(set) var leading: [YAMLMark: [String]] = [:]
    /// The comment at the end of a key's line, by the position of the line's first key.
    private(set) var trailing: [YAMLMark: String] = [:]
    /// Top-level keys preceded by a blank line.
    private(set) var blankBefore: Set<YAMLMark> = []
    /// Comments after the last key.
    private(set) var atEnd: [String] = []

    /// `lines` are the YAML's lines (LF, no line ending), the first being file line `firstLine`.
    init(lines: [[UInt8]], firstLine: Int, root: YAMLNode?) {
        // Every key, its position and the last line of its value.
        var keys: [(mark: YAMLMark, end: Int, depth: Int)] = []
        var content = Set<Int>()  // lines inside multi-line scalars
        func visit(_ node: YAMLNode, depth: Int) {
            switch node.content {
            case .mapping(let pairs):
                for pair in pairs {
                    keys.append((pair.key.start, max(YAMLComments.lastLine(of: pair.value), pair.key.start.line), depth))
                    visit(pair.value, depth: depth + 1)
                }
            case .sequence(let items):
                for item in items { visit(item, depth: depth + 1) }
            case .scalar:
                if node.end.line > node.start.line {
                    let last = node.end.column > 1 ? node.end.line : node.end.line - 1
                    if last > node.start.line { for l in (node.start.line + 1)...last { content.insert(l) } }
                }
            case .alias:
                break
            }
        }
        if let root { visit(root, depth: 0) }
        keys.sort { ($0.mark.line, $0.mark.column) < ($1.mark.line, $1.mark.column) }
        // The first (outermost) key on each line.
        var firstKeyOnLine: [Int: YAMLMark] = [:]
        for key in keys where firstKeyOnLine[key.mark.line] == nil { firstKeyOnLine[key.mark.line] = key.mark }
        let topLevel = Set(keys.filter { $0.depth == 0 }.map(\.mark))

        /// The innermost key whose value spans `line` (the key itself on an earlier line).
        func container(of line: Int) -> (mark: YAMLMark, end: Int)? {
            keys.filter { $0.mark.line < line && line <= $0.end }.max { $0.depth < $1.depth }.map { ($0.mark, $0.end) }
        }
        func nextKey(after line: Int) -> YAMLMark? {
            keys.first { $0.mark.line > line }?.mark
        }
        func attachAbove(_ text: String, at line: Int) {
            let next = nextKey(after: line)
            if let c = container(of: line), next == nil || next!.line > c.end {
                leading[c.mark, default: []].append(text)
            } else if let next {
                leading[next, default: []].append(text)
            } else {
                atEnd.append(text)
            }
        }

        var pendingBlank = false
        var seenKey = false
        for (offset, bytes) in lines.enumerated() {
            let line = firstLine + offset
            if content.contains(line) { continue }
            let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x09 }
            if trimmed.isEmpty {
                if seenKey { pendingBlank = true }
                continue
            }
            if trimmed.first == UInt8(ascii: "#") {
                if pendingBlank, let next = nextKey(after: line), topLevel.contains(next), container(of: line) == nil {
                    blankBefore.insert(next)
                }
                pendingBlank = false
                attachAbove(YAMLComments.trimmedEnd(trimmed), at: line)
                continue
            }
            let keyHere = firstKeyOnLine[line]
            if let keyHere {
                if pendingBlank, topLevel.contains(keyHere) { blankBefore.insert(keyHere) }
                seenKey = true
            }
            pendingBlank = false
            if let start = YAMLComments.commentStart(bytes) {
                let text = YAMLComments.trimmedEnd(bytes[start...])
                if let keyHere {
                    trailing[keyHere] = text
                } else {
                    attachAbove(text, at: line)
                }
            }
        }
    }

    /// The last line holding part of a node. A block collection's own end mark
    /// lies at the next token, so its children decide; a flow collection ends
    /// at its bracket; a block scalar's end mark is the start of the next line.
    static func lastLine(of node: YAMLNode) -> Int {
        switch node.content {
        case .mapping(let pairs) where !node.isFlow:
            return pairs.map { max(lastLine(of: $0.key), lastLine(of: $0.value)) }.max() ?? node.start.line
        case .sequence(let items) where !node.isFlow:
            return items.map(lastLine(of:)).max() ?? node.start.line
        default:
            return node.end.column == 1 && node.end.line > node.start.line ? node.end.line - 1 : node.end.line
        }
    }

    /// Where a comment starts on a line of YAML: a `#` at the start or after a
    /// blank, outside quotes. Nil when the line has none.
    static func commentStart(_ line: [UInt8]) -> Int? {
        var quote: UInt8?
        var i = 0
        while i < line.count {
            let b = line[i]
            if let q = quote {
                if q == UInt8(ascii: "\""), b == UInt8(ascii: "\\") {
                    i += 2
                    continue
                }
                if b == q {
                    if q == UInt8(ascii: "'"), i + 1 < line.count, line[i + 1] == q {
                        i += 2
                        continue
                    }
                    quote = nil
                }
            } else if b == UInt8(ascii: "#"), i == 0 || line[i - 1] == 0x20 || line[i - 1] == 0x09 {
                return i
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                // A quote opens a quoted scalar only where a value may start.
                let previous = i == 0 ? UInt8(0x20) : line[i - 1]
                if [0x20, 0x09, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":")].contains(previous) {
                    quote = b
                }
            }
            i += 1
        }
        return nil
    }

    static func trimmedEnd(_ bytes: ArraySlice<UInt8>) -> String {
        var slice = bytes
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }
}
