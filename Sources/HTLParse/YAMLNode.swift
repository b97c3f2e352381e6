import HTLCore
import HTLModel

/// A position in YAML source, already translated to file coordinates
/// (1-based line and column in Unicode scalars).
package struct YAMLMark: Hashable, Sendable {
    // 32 bits each (a node carries two marks, and the trees of ten
    // thousand goal files are copied and compared); a ledger file is read
    // only up to 1 GiB, so every line and column fits.
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    package var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }
}

package enum YAMLScalarStyle: Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// A YAML node with its source span. htl reads YAML as plain data: scalars
/// are text until a schema asks for a number, a date or a word.
package struct YAMLNode: Sendable {
    package enum Content: Sendable {
        case scalar(String, YAMLScalarStyle)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
        case alias(String)
    }

    package var content: Content
    public var start: YAMLMark
    package var end: YAMLMark
    /// A flow collection (`[a, b]`, `{a: 1}`) rather than a block one.
    package var isFlow: Bool = false
    /// A tag or anchor, which htl does not accept (kept apart: nearly every
    /// node has neither, and a node is copied with all it holds).
    private var decoration: Decoration?

    package init(content: Content, start: YAMLMark, end: YAMLMark, isFlow: Bool = false) {
        self.content = content
        self.start = start
        self.end = end
        self.isFlow = isFlow
    }

    private final class Decoration: Sendable {
        let tag: String?
        let anchor: String?

        init(tag: String?, anchor: String?) {
            self.tag = tag
            self.anchor = anchor
        }
    }

    /// An explicit tag such as `!!str`, which htl does not accept.
    public var tag: String? {
        get { decoration?.tag }
        set { decorate(tag: newValue, anchor: anchor) }
    }

    /// An anchor (`&name`), which htl does not accept.
    package var anchor: String? {
        get { decoration?.anchor }
        set { decorate(tag: tag, anchor: newValue) }
    }

    private mutating func decorate(tag: String?, anchor: String?) {
        decoration = tag == nil && anchor == nil ? nil : Decoration(tag: tag, anchor: anchor)
    }

    /// The scalar text, when this node is a scalar.
    package var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// A plain empty scalar, `~` or `null`: YAML's null.
    package var isNull: Bool {
        if case .scalar(let text, .plain) = content {
            // By length first: most scalars are none of these, and a String compare each is dozens of instructions.
            switch text.utf8.count {
            case 0: return true
            case 1: return text == "~"
            case 4: return text == "null" || text == "Null" || text == "NULL"
            default: return false
            }
        }
        return false
    }

    package var pairs: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    package var items: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// A word for messages: "a list", "a mapping", "text".
    package var kindDescription: String {
        switch content {
        case .scalar: return "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .alias: return "an alias"
        }
    }
}

package struct YAMLPair: Sendable {
    package var key: YAMLNode
    public var value: YAMLNode

    /// The key's text (keys are always scalars once parsed).
    public var name: String { key.scalar ?? "" }
}

extension Array where Element == YAMLPair {
    /// The key of the pair at `k`, read off its stored content (as `name`
    /// reads it). Asked through `name`, or of a pair handed to a closure,
    /// each pair was first copied whole through its value witness (every
    /// String, list and mark in it): some three hundred instructions a key.
    package func keyName(at k: Int) -> String {
        if case .scalar(let text, _) = self[k].key.content { return text }
        return ""
    }

    /// The position of the pair whose key is `name` (see `keyName(at:)`).
    package func index(ofKey name: String) -> Int? {
        indices.first { keyName(at: $0) == name }
    }
}
