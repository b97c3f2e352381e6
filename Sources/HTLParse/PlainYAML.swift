import HTLCore
import HTLModel

/// The YAML htl writes itself, read without libyaml: `key: value` lines, a
/// key with an indented block of `  key: value` lines under it, and
/// one-line lists `[a, b]`, all of printable ASCII with plain scalars.
/// Front matter is nearly always only this, and libyaml's event stream
/// costs several times more than the file is long.
///
/// Anything else (a quote, a comment, a blank line, a tab, a `:` or `#` in
/// a value, a character outside ASCII, a duplicate key...) gives nil, and
/// libyaml reads the text: the subset is accepted only where the two agree
/// node for node, positions included (`PlainYAMLTests` compares them).
enum PlainYAML {
    /// The most pairs one mapping of the subset has.
    static let maxPairs = 32
    /// The longest key of the subset (htl's keys are short; libyaml takes at most 1,024 characters).
    static let longestKey = 128

    /// The document in `bytes`, or nil when it is not in the subset.
    static func parse(_ bytes: ArraySlice<UInt8>, firstLine: Int) -> YAMLParser.Result? {
        var reader = Reader(buffer: Array(bytes), firstLine: firstLine)
        guard let root = reader.document() else { return nil }
        return YAMLParser.Result(root: root, diagnostics: [])
    }

    private struct Reader {
        /// The front matter's bytes, from 0.
        let buffer: [UInt8]
        let firstLine: Int
        /// The start of the line being read, and its number from 0.
        var lineStart = 0
        var line = 0

        init(buffer: [UInt8], firstLine: Int) {
            self.buffer = buffer
            self.firstLine = firstLine
        }

        func mark(_ offset: Int) -> YAMLMark {
            YAMLMark(line: firstLine + line, column: offset - lineStart + 1)
        }

        /// A mark at column 1 of the line after the last one read.
        func nextLineMark() -> YAMLMark {
            YAMLMark(line: firstLine + line + 1, column: 1)
        }

        /// The end of the line starting at `lineStart` (its newline, or the end).
        func lineEnd() -> Int {
            RawBytes.lineBreak(in: buffer.span, from: lineStart, end: buffer.count)
        }

        /// Moves to the line after `end`; false (staying) at the end of the text.
        mutating func advance(past end: Int) -> Bool {
            guard end + 1 < buffer.count else { return false }
            lineStart = end + 1
            line += 1
            return true
        }

        /// Whether a mapping with keys `names` (their bytes) can take one
        /// more, `name`: not already there, and few enough that looking is
        /// cheap (a longer mapping goes to libyaml, which keeps a table of
        /// its keys). Bytes, not the keys' Strings: a pair read out of its
        /// list is a copy, and each compare a call.
        func admits(_ name: Range<Int>, to names: [Range<Int>]) -> Bool {
            names.count < PlainYAML.maxPairs && !names.contains { buffer[$0].elementsEqual(buffer[name]) }
        }

        /// The root mapping: top-level lines until the text ends.
        mutating func document() -> YAMLNode? {
            guard !buffer.isEmpty else { return nil }
            // Room for a goal's keys: grown one append at a time, the list was copied four times.
            var pairs: [YAMLPair] = []
            pairs.reserveCapacity(16)
            var names: [Range<Int>] = []
            names.reserveCapacity(16)
            let start = mark(0)
            while true {
                let end = lineEnd()
                guard let key = key(from: lineStart, end: end, indent: 0), admits(key.name, to: names) else {
                    return nil
                }
                names.append(key.name)
                if key.valueStart == end {
                    // `key:` alone: an indented block of pairs follows.
                    guard advance(past: end), let block = block() else { return nil }
                    pairs.append(YAMLPair(key: key.node, value: block.node))
                    guard block.more else {
                        return YAMLNode(content: .mapping(pairs), start: start, end: block.node.end)
                    }
                    continue
                }
                guard let value = value(from: key.valueStart, end: end) else { return nil }
                pairs.append(YAMLPair(key: key.node, value: value))
                guard advance(past: end) else {
                    // The mapping ends at the start of the line after its last.
                    return YAMLNode(content: .mapping(pairs), start: start, end: nextLineMark())
                }
            }
        }

        /// Pairs indented by two spaces, from the line at `lineStart`. `more`:
        /// a top-level line follows (it is then the line at `lineStart`).
        mutating func block() -> (node: YAMLNode, more: Bool)? {
            var pairs: [YAMLPair] = []
            var names: [Range<Int>] = []
            let start = mark(lineStart + 2)
            while true {
                let end = lineEnd()
                if !pairs.isEmpty, lineStart < end, buffer[lineStart] != Bytes.space {
                    // The block ends where the next top-level key starts.
                    return (YAMLNode(content: .mapping(pairs), start: start, end: mark(lineStart)), true)
                }
                guard let key = key(from: lineStart, end: end, indent: 2), key.valueStart < end,
                    admits(key.name, to: names),
                    let value = value(from: key.valueStart, end: end)
                else { return nil }
                names.append(key.name)
                pairs.append(YAMLPair(key: key.node, value: value))
                guard advance(past: end) else {
                    return (YAMLNode(content: .mapping(pairs), start: start, end: nextLineMark()), false)
                }
            }
        }

        /// `key:` after exactly `indent` spaces, with where its name's bytes
        /// are; where its value starts (after `: `), or `end` when nothing
        /// follows the colon.
        func key(from start: Int, end: Int, indent: Int) -> (node: YAMLNode, name: Range<Int>, valueStart: Int)? {
            var i = start
            while i < start + indent {
                guard i < end, buffer[i] == Bytes.space else { return nil }
                i += 1
            }
            let keyStart = i
            while i < end, PlainYAML.isKeyByte(buffer[i]) { i += 1 }
            // libyaml refuses a key longer than 1,024 characters: a long one is left to it.
            guard i > keyStart, i - keyStart <= PlainYAML.longestKey, i < end, buffer[i] == Bytes.colon else {
                return nil
            }
            let node = YAMLNode(content: .scalar(text(keyStart, i), .plain), start: mark(keyStart), end: mark(i))
            if i + 1 == end { return (node, keyStart..<i, end) }
            guard buffer[i + 1] == Bytes.space, i + 2 < end else { return nil }
            return (node, keyStart..<i, i + 2)
        }

        /// A plain scalar or a one-line list filling `start..<end`.
        func value(from start: Int, end: Int) -> YAMLNode? {
            if buffer[start] == UInt8(ascii: "[") { return list(from: start, end: end) }
            guard scalarEnd(from: start, end: end, inList: false) == end else { return nil }
            return YAMLNode(content: .scalar(text(start, end), .plain), start: mark(start), end: mark(end))
        }

        /// `[]` or `[a, b, c]` of plain scalars, ending the line.
        func list(from start: Int, end: Int) -> YAMLNode? {
            guard buffer[end - 1] == UInt8(ascii: "]") else { return nil }
            var items: [YAMLNode] = []
            var i = start + 1
            if i < end - 1 {
                while true {
                    let itemEnd = scalarEnd(from: i, end: end - 1, inList: true)
                    guard itemEnd > i else { return nil }
                    items.append(
                        YAMLNode(content: .scalar(text(i, itemEnd), .plain), start: mark(i), end: mark(itemEnd)))
                    if itemEnd == end - 1 { break }
                    guard buffer[itemEnd] == Bytes.comma, itemEnd + 2 < end - 1, buffer[itemEnd + 1] == Bytes.space
                    else { return nil }
                    i = itemEnd + 2
                }
            }
            var node = YAMLNode(content: .sequence(items), start: mark(start), end: mark(end))
            node.isFlow = true
            return node
        }

        /// Where a plain scalar starting at `start` ends: at the first byte
        /// outside the subset (`start` when it cannot start one). A space
        /// must be followed by another scalar byte.
        func scalarEnd(from start: Int, end: Int, inList: Bool) -> Int {
            guard start < end, PlainYAML.canStart(buffer[start]) else { return start }
            var i = start + 1
            while i < end {
                let b = buffer[i]
                if b == Bytes.space {
                    guard i + 1 < end, buffer[i + 1] != Bytes.space,
                        PlainYAML.isScalarByte(buffer[i + 1], inList: inList)
                    else { return i }
                } else if !PlainYAML.isScalarByte(b, inList: inList) {
                    return i
                }
                i += 1
            }
            return i
        }

        func text(_ start: Int, _ end: Int) -> String {
            String(utf8Bytes: buffer.span.extracting(start..<end))
        }
    }

    static func isKeyByte(_ b: UInt8) -> Bool {
        Bytes.isLetter(b) || Bytes.isDigit(b) || b == Bytes.underscore || b == Bytes.minus
    }

    /// A first byte no YAML indicator claims: a letter, a digit, or one of
    /// `_ . ( / < = +` (`<=1/week`).
    static func canStart(_ b: UInt8) -> Bool {
        if Bytes.isLetter(b) || Bytes.isDigit(b) { return true }
        switch b {
        case Bytes.underscore, Bytes.dot, Bytes.plus, UInt8(ascii: "("), UInt8(ascii: "/"), UInt8(ascii: "<"),
            UInt8(ascii: "="):
            return true
        default: return false
        }
    }

    /// A byte inside a plain scalar of the subset: printable ASCII other than
    /// `: # " '`, the flow indicators, `\` and, in a list, `,`.
    static func isScalarByte(_ b: UInt8, inList: Bool) -> Bool {
        guard b > Bytes.space, b < 0x7F else { return false }
        switch b {
        case Bytes.colon, Bytes.hash, Bytes.quote, UInt8(ascii: "'"), Bytes.backslash,
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            return false
        case Bytes.comma:
            return !inList
        default:
            return true
        }
    }
}
