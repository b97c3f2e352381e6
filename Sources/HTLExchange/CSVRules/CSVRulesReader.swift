import HTLCore
import HTLParse

/// Reads a rules file's YAML into `CSVRules`, naming the line of any mistake.
struct CSVRulesReader {
    let name: String

    static let keys = [
        "skip", "separator", "date", "date_format", "time", "description", "quantities", "links", "tags",
        "decimal_mark", "file", "if",
    ]

    mutating func rules(_ pairs: [YAMLPair]) throws(HTLError) -> CSVRules {
        var rules = CSVRules()
        for pair in pairs {
            let v = pair.value
            switch pair.name {
            case "skip": rules.skip = try count(v, "skip")
            case "separator": rules.separator = try separator(v)
            case "date": rules.date = try column(v)
            case "date_format": rules.dateFormat = try dateFormat(v)
            case "time": rules.time = try column(v)
            case "description": rules.description = try columns(v)
            case "quantities": rules.quantities = try quantities(v)
            case "links": rules.links = try words(v, "links")
            case "tags": rules.tags = try words(v, "tags")
            case "decimal_mark": rules.decimalComma = try text(v, "decimal_mark") == ","
            case "file": rules.file = try text(v, "file")
            case "if": rules.conditions = try conditions(v)
            default:
                let hint =
                    Suggestion.closest(to: pair.name, in: CSVRulesReader.keys).map { " (did you mean '\($0)'?)" } ?? ""
                throw failure(
                    pair.key,
                    "unknown key '\(pair.name)'\(hint); the keys are \(CSVRulesReader.keys.joined(separator: ", "))")
            }
        }
        return rules
    }

    func failure(_ node: YAMLNode, _ message: String) -> HTLError {
        HTLError("\(name):\(node.start.line):\(node.start.column): \(message)")
    }

    func text(_ node: YAMLNode, _ key: String) throws(HTLError) -> String {
        guard let s = node.scalar, !s.isEmpty else { throw failure(node, "\(key) takes a text") }
        return s
    }

    /// `true` or `false`, as written: htl reads `yes`, `on` and the other
    /// spellings YAML 1.1 took for booleans as text (FORMAT.md), so here
    /// they are mistakes, not a silent `false`.
    func flag(_ node: YAMLNode, _ key: String) throws(HTLError) -> Bool {
        switch node.scalar {
        case "true"?: return true
        case "false"?: return false
        default:
            let written = node.scalar.map { " '\($0)'" } ?? ""
            throw failure(
                node,
                "\(key) takes true or false, not\(written.isEmpty ? " that" : written) (htl reads yes, on and the "
                    + "like as text)"
            )
        }
    }

    func count(_ node: YAMLNode, _ key: String) throws(HTLError) -> Int {
        guard let s = node.scalar, let n = Int(s), n >= 0, n <= 1_000_000 else {
            throw failure(node, "\(key) takes a whole number from 0")
        }
        return n
    }

    func separator(_ node: YAMLNode) throws(HTLError) -> UInt8 {
        let s = node.scalar ?? ""
        if s == "tab" || s == "\t" { return 0x09 }
        guard s.utf8.count == 1, let b = s.utf8.first, b != UInt8(ascii: "\""), b != 0x0A else {
            throw failure(node, "separator takes one character, such as \",\" or \";\" (or tab)")
        }
        return b
    }

    func column(_ node: YAMLNode) throws(HTLError) -> CSVRules.Column {
        guard let s = node.scalar, !s.isEmpty else {
            throw failure(node, "a column is its header name or its number (1 = first)")
        }
        if let n = Int(s) {
            guard n >= 1 else { throw failure(node, "column numbers start at 1") }
            return .number(n)
        }
        return .name(s)
    }

    func columns(_ node: YAMLNode) throws(HTLError) -> [CSVRules.Column] {
        guard let items = node.items else { return [try column(node)] }
        var out: [CSVRules.Column] = []
        for item in items { out.append(try column(item)) }
        return out
    }

    func words(_ node: YAMLNode, _ key: String) throws(HTLError) -> [String] {
        let nodes = node.items ?? [node]
        var out: [String] = []
        for item in nodes {
            guard var word = item.scalar, !word.isEmpty else { throw failure(item, "\(key) takes a list of words") }
            if word.hasPrefix("+") || word.hasPrefix("#") { word.removeFirst() }
            let ok = key == "tags" ? Identifier.isValidTag(word) : Identifier.isValidEntityID(word)
            guard ok else { throw failure(item, "'\(word)' is not a valid \(key == "tags" ? "tag" : "goal id")") }
            out.append(key == "tags" ? word.lowercased() : word)
        }
        return out
    }

    func dateFormat(_ node: YAMLNode) throws(HTLError) -> DateFormat {
        let s = try text(node, "date_format")
        guard let format = DateFormat(s) else {
            throw failure(node, "date_format uses %Y %y %m %d %b %H %I %M %S %p and other characters as written")
        }
        return format
    }

    func quantities(_ node: YAMLNode) throws(HTLError) -> [CSVRules.Quantity] {
        guard let pairs = node.pairs else {
            throw failure(node, "quantities maps a measure to its column, e.g. km: Distance")
        }
        var out: [CSVRules.Quantity] = []
        for pair in pairs {
            var q = CSVRules.Quantity(measure: pair.name, column: .number(1))
            if let fields = pair.value.pairs {
                for field in fields {
                    switch field.name {
                    case "column": q.column = try column(field.value)
                    case "multiply": q.multiply = try decimal(field.value)
                    case "divide": q.divide = try decimal(field.value)
                    default: throw failure(field.key, "a quantity has column, and optionally multiply or divide")
                    }
                }
            } else {
                q.column = try column(pair.value)
            }
            out.append(q)
        }
        return out
    }

    func decimal(_ node: YAMLNode) throws(HTLError) -> ExactDecimal {
        guard let s = node.scalar, case .success(let d) = ExactDecimal.parse(s), d != .zero else {
            throw failure(node, "takes a number other than 0")
        }
        return d
    }

    func conditions(_ node: YAMLNode) throws(HTLError) -> [CSVRules.Condition] {
        guard let items = node.items else { throw failure(node, "if takes a list of conditions") }
        var out: [CSVRules.Condition] = []
        for item in items {
            guard let fields = item.pairs else {
                throw failure(item, "a condition is a mapping: column, contains or equals, and what to do")
            }
            var c = CSVRules.Condition(column: .number(1))
            var hasColumn = false
            for field in fields {
                switch field.name {
                case "column":
                    c.column = try column(field.value)
                    hasColumn = true
                case "contains": c.contains = try text(field.value, "contains")
                case "equals": c.equals = field.value.scalar ?? ""
                case "links": c.links = try words(field.value, "links")
                case "tags": c.tags = try words(field.value, "tags")
                case "skip": c.skip = try flag(field.value, "skip")
                default:
                    throw failure(
                        field.key, "a condition has column, contains or equals, and links, tags or skip: true")
                }
            }
            guard hasColumn, (c.contains == nil) != (c.equals == nil) else {
                throw failure(item, "a condition needs a column and one of contains or equals")
            }
            out.append(c)
        }
        return out
    }
}
