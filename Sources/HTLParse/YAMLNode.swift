import HTLCore
import HTLModel

/// A position in YAML source, already translated to file coordinates
/// (1-based line and column in Unicode scalars).
public struct YAMLMark: Hashable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

public enum YAMLScalarStyle: Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// A YAML node with its source span. htl reads YAML as plain data: scalars
/// are text until a schema asks for a number, a date or a word.
public struct YAMLNode: Sendable {
    public enum Content: Sendable {
        case scalar(String, YAMLScalarStyle)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
        case alias(String)
    }

    public var content: Content
    public var start: YAMLMark
    public var end: YAMLMark
    /// A flow collection (`[a, b]`, `{a: 1}`) rather than a block one.
    public var isFlow: Bool = false
    /// An explicit tag such as `!!str`, which htl does not accept.
    public var tag: String?
    /// An anchor (`&name`), which htl does not accept.
    public var anchor: String?

    /// The scalar text, when this node is a scalar.
    public var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// A plain empty scalar, `~` or `null`: YAML's null.
    public var isNull: Bool {
        if case .scalar(let text, .plain) = content {
            return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
        }
        return false
    }

    public var pairs: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    public var items: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// A word for messages: "a list", "a mapping", "text".
    public var kindDescription: String {
        switch content {
        case .scalar: return "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .alias: return "an alias"
        }
    }
}

public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode

    /// The key's text (keys are always scalars once parsed).
    public var name: String { key.scalar ?? "" }
}
