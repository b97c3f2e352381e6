import HTLCore
import HTLModel
import HTLParse

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
    init(lines: ArraySlice<ArraySlice<UInt8>>, firstLine: Int, root: YAMLNode?) {
        // No '#' and no blank line (most front matter): nothing to place.
        guard lines.contains(where: { $0.contains(UInt8(ascii: "#")) || $0.allSatisfy { $0 == 0x20 || $0 == 0x09 } })
        else { return }
        let lines = lines.map(Array.init)
        let layout = YAMLKeyLayout(root)
        var pendingBlank = false
        var seenKey = false
        for (offset, bytes) in lines.enumerated() {
            let line = firstLine + offset
            if layout.insideScalar.contains(line) { continue }
            let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x09 }
            if trimmed.isEmpty {
                if seenKey { pendingBlank = true }
                continue
            }
            if trimmed.first == UInt8(ascii: "#") {
                if pendingBlank, let next = layout.nextKey(after: line), layout.topLevel.contains(next),
                    layout.container(of: line) == nil
                {
                    blankBefore.insert(next)
                }
                pendingBlank = false
                attachAbove(YAMLComments.trimmedEnd(trimmed), at: line, layout)
                continue
            }
            let keyHere = layout.firstKeyOnLine[line]
            if let keyHere {
                if pendingBlank, layout.topLevel.contains(keyHere) { blankBefore.insert(keyHere) }
                seenKey = true
            }
            pendingBlank = false
            if let start = YAMLComments.commentStart(bytes, afterColumn: layout.contentEnd[line] ?? 1) {
                let text = YAMLComments.trimmedEnd(bytes[start...])
                if let keyHere { trailing[keyHere] = text } else { attachAbove(text, at: line, layout) }
            }
        }
    }

    /// A comment on a line of its own goes above the key below it, unless
    /// the line is inside a key's value that does not reach that key: then
    /// above that key. After the last key, it goes at the end.
    private mutating func attachAbove(_ text: String, at line: Int, _ layout: YAMLKeyLayout) {
        let next = layout.nextKey(after: line)
        if let c = layout.container(of: line), next.map({ $0.line > c.end }) ?? true {
            leading[c.mark, default: []].append(text)
        } else if let next {
            leading[next, default: []].append(text)
        } else {
            atEnd.append(text)
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

    /// Where a comment starts on a line of YAML: the first `#` at or after
    /// `column` (1-based, in scalars; where the line's last node ends) that
    /// starts the line or follows a blank. Nil when the line has none.
    static func commentStart(_ line: [UInt8], afterColumn column: Int) -> Int? {
        var i = LineIndex.offset(ofColumn: column, in: line[...])
        while i < line.count {
            if line[i] == UInt8(ascii: "#"), i == 0 || line[i - 1] == 0x20 || line[i - 1] == 0x09 { return i }
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

/// Where the keys of a YAML tree are: each key's position, the last line of
/// its value and its depth; where the last node on each line ends (a comment
/// can only start after it); and the lines wholly inside multi-line scalars.
struct YAMLKeyLayout {
    private(set) var keys: [(mark: YAMLMark, end: Int, depth: Int)] = []
    private(set) var contentEnd: [Int: Int] = [:]
    private(set) var insideScalar = Set<Int>()
    /// The first (outermost) key on each line.
    private(set) var firstKeyOnLine: [Int: YAMLMark] = [:]
    private(set) var topLevel = Set<YAMLMark>()
    /// The innermost key whose value spans each line.
    private var containerByLine: [Int: (mark: YAMLMark, end: Int)] = [:]
    private var keyMarks: [YAMLMark] = []

    init(_ root: YAMLNode?) {
        if let root { visit(root, depth: 0) }
        keys.sort { ($0.mark.line, $0.mark.column) < ($1.mark.line, $1.mark.column) }
        for key in keys where firstKeyOnLine[key.mark.line] == nil { firstKeyOnLine[key.mark.line] = key.mark }
        topLevel = Set(keys.filter { $0.depth == 0 }.map(\.mark))
        // Deeper keys overwrite shallower ones: the innermost container wins.
        for key in keys.sorted(by: { $0.depth < $1.depth }) where key.end > key.mark.line {
            for l in (key.mark.line + 1)...key.end { containerByLine[l] = (key.mark, key.end) }
        }
        keyMarks = keys.map(\.mark)
    }

    func container(of line: Int) -> (mark: YAMLMark, end: Int)? {
        containerByLine[line]
    }

    /// The first key on a line after `line` (binary search).
    func nextKey(after line: Int) -> YAMLMark? {
        var low = 0
        var high = keyMarks.count
        while low < high {
            let mid = (low + high) / 2
            if keyMarks[mid].line <= line { low = mid + 1 } else { high = mid }
        }
        return low < keyMarks.count ? keyMarks[low] : nil
    }

    private mutating func ends(_ line: Int, at column: Int) {
        contentEnd[line] = max(contentEnd[line] ?? 0, column)
    }

    private mutating func visit(_ node: YAMLNode, depth: Int) {
        switch node.content {
        case .mapping(let pairs):
            if node.isFlow { ends(node.end.line, at: node.end.column) }
            for pair in pairs {
                keys.append((pair.key.start, max(YAMLComments.lastLine(of: pair.value), pair.key.start.line), depth))
                visit(pair.key, depth: depth + 1)
                visit(pair.value, depth: depth + 1)
            }
        case .sequence(let items):
            if node.isFlow { ends(node.end.line, at: node.end.column) }
            for item in items { visit(item, depth: depth + 1) }
        case .scalar(_, let style):
            visitScalar(node, block: style == .literal || style == .folded)
        case .alias:
            ends(node.end.line, at: node.end.column)
        }
    }

    /// A block scalar's header line may end in a comment after the
    /// indicator; its text lines may not. A quoted scalar's inner lines are text.
    private mutating func visitScalar(_ node: YAMLNode, block: Bool) {
        if block {
            ends(node.start.line, at: node.start.column + 1)
            let last = YAMLComments.lastLine(of: node)
            if last > node.start.line { for l in (node.start.line + 1)...last { insideScalar.insert(l) } }
        } else {
            if node.end.line > node.start.line {
                for l in (node.start.line + 1)..<node.end.line { insideScalar.insert(l) }
            }
            ends(node.end.line, at: node.end.column)
        }
    }
}
