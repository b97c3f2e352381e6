import HTLCore
import HTLModel

/// Reads typed values out of YAML nodes, reporting every problem as a
/// finding at the node's position. Every `read` returns nil on failure.
struct FieldReader {
    let path: String
    var diagnostics: [Finding] = []

    init(path: String) {
        self.path = path
    }

    func location(_ node: YAMLNode) -> SourceLocation {
        SourceLocation(path: path, line: node.start.line, column: node.start.column)
    }

    mutating func report(_ rule: RuleID, _ node: YAMLNode, _ message: String, help: String? = nil) {
        diagnostics.append(Finding(rule, location(node), message, help: help))
    }

    /// A short rendering of what was found, for messages.
    static func found(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(let text, let style):
            if node.isNull { return "nothing" }
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            if style == .plain, !shown.contains(" ") { return shown }
            return "'" + shown + "'"
        default:
            return node.kindDescription
        }
    }

    // A key is named only in a finding: it is passed unevaluated (`target for
    // \(name)` made into a String per target was work for nothing on a clean file).

    /// The node as a scalar, rejecting tags, anchors and aliases (htl reads plain data).
    mutating func plainData(_ node: YAMLNode, _ key: @autoclosure () -> String) -> Bool {
        if case .alias = node.content {
            report(.invalidValue, node, "\(key()): YAML aliases are not supported; write the value out")
            return false
        }
        if let tag = node.tag {
            report(
                .invalidValue, node, "\(key()): YAML tags such as '\(tag)' are not supported; quote the value instead")
            return false
        }
        if node.anchor != nil {
            report(.invalidValue, node, "\(key()): YAML anchors are not supported; write the value out")
            return false
        }
        return true
    }

    /// The scalar text of a node, or a finding that a single value was
    /// expected (`expected` is worded only then: most fields are fine).
    mutating func scalar(_ node: YAMLNode, _ key: @autoclosure () -> String, expected: @autoclosure () -> String)
        -> String?
    {
        guard plainData(node, key()) else { return nil }
        guard let text = node.scalar else {
            report(.invalidValue, node, "\(key()) must be \(expected()), found \(node.kindDescription)")
            return nil
        }
        return text
    }

    /// Non-blank text.
    mutating func text(_ node: YAMLNode, _ key: @autoclosure () -> String, allowBlank: Bool = false) -> String? {
        guard let text = scalar(node, key(), expected: "text") else { return nil }
        // Blanks are ASCII, so bytes say what characters would (a blank with a combining mark is no blank either way).
        if node.isNull || text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }) {
            if allowBlank, !node.isNull { return text }
            report(.invalidValue, node, "\(key()) must not be blank")
            return nil
        }
        return text
    }

    /// An integer in `range`; no leading zeros (never octal), no sign but `-`.
    mutating func int(_ node: YAMLNode, _ key: @autoclosure () -> String, _ range: ClosedRange<Int>) -> Int? {
        func expected() -> String {
            range.upperBound == Int.max
                ? "an integer of at least \(range.lowerBound)"
                : "an integer from \(range.lowerBound) to \(range.upperBound)"
        }
        guard let text = scalar(node, key(), expected: expected()) else { return nil }
        guard let value = FieldReader.parseInt(text) else {
            var message = "\(key()) must be \(expected()), found \(FieldReader.found(node))"
            if FieldReader.hasLeadingZero(text) { message += " (leading zeros are not allowed)" }
            report(.invalidValue, node, message)
            return nil
        }
        guard range.contains(value) else {
            report(.invalidValue, node, "\(key()) must be \(expected()), found \(text)")
            return nil
        }
        return value
    }

    /// A decimal `-?D+(.D+)?` with at most six fractional digits.
    mutating func decimal(_ node: YAMLNode, _ key: @autoclosure () -> String) -> ExactDecimal? {
        guard let text = scalar(node, key(), expected: "a number") else { return nil }
        if FieldReader.hasLeadingZero(text) {
            report(.invalidValue, node, "\(key()) must be a number, found \(text) (leading zeros are not allowed)")
            return nil
        }
        switch ExactDecimal.parse(text) {
        case .success(let value):
            return value
        case .failure(.tooManyFractionDigits):
            report(.invalidValue, node, "\(key()) has more than 6 decimal places: \(text)")
        case .failure(.tooLarge):
            report(.invalidValue, node, "\(key()) is too large: \(text)")
        case .failure(.malformed):
            report(.invalidValue, node, "\(key()) must be a number, found \(FieldReader.found(node))")
        }
        return nil
    }

    /// A real calendar date `YYYY-MM-DD`.
    mutating func date(_ node: YAMLNode, _ key: @autoclosure () -> String) -> CivilDate? {
        guard let text = scalar(node, key(), expected: "a date YYYY-MM-DD") else { return nil }
        if let date = CivilDate.parse(text) { return date }
        if let why = CivilDate.whyNotReal(text) {
            report(.invalidValue, node, "\(key()): \(text) is not a real date: \(why)")
        } else {
            report(.invalidValue, node, "\(key()) must be a date YYYY-MM-DD, found \(FieldReader.found(node))")
        }
        return nil
    }

    /// One of an enumeration's words.
    mutating func word<E: RawRepresentable & CaseIterable>(
        _ node: YAMLNode, _ key: @autoclosure () -> String, _: E.Type
    ) -> E?
    where E.RawValue == String {
        var words: [String] { E.allCases.map(\.rawValue) }
        guard let text = scalar(node, key(), expected: "one of " + words.joined(separator: ", ")) else { return nil }
        if let value = E(rawValue: text) { return value }
        report(
            .invalidValue, node,
            "\(key()) must be one of \(words.joined(separator: ", ")), found \(FieldReader.found(node))"
                + Suggestion.didYouMean(text, words))
        return nil
    }

    /// The items of a list (flow `[a, b]` or block).
    mutating func list(_ node: YAMLNode, _ key: @autoclosure () -> String) -> [YAMLNode]? {
        guard plainData(node, key()) else { return nil }
        if let items = node.items { return items }
        if node.isNull { return [] }
        report(.invalidValue, node, "\(key()) must be a list such as [a, b], found \(FieldReader.found(node))")
        return nil
    }

    /// The pairs of a mapping.
    mutating func mapping(_ node: YAMLNode, _ key: @autoclosure () -> String) -> [YAMLPair]? {
        guard plainData(node, key()) else { return nil }
        if let pairs = node.pairs { return pairs }
        if node.isNull { return [] }
        report(
            .invalidValue, node,
            "\(key()) must be a mapping (one 'name: value' per line), found \(FieldReader.found(node))")
        return nil
    }

    /// Reports keys outside the schema, with a suggestion.
    mutating func rejectUnknownKeys(_ pairs: [YAMLPair], schema: [String], in what: String) {
        for pair in pairs where !schema.contains(pair.name) { rejectUnknownKey(pair, schema: schema, in: what) }
    }

    /// `pair`'s key is not in `schema`: for a decoder whose switch over the
    /// keys already told it so.
    mutating func rejectUnknownKey(_ pair: YAMLPair, schema: [String], in what: String) {
        report(
            .unknownField, pair.key,
            "unknown field '\(pair.name)' in \(what)" + Suggestion.didYouMean(pair.name, schema))
    }

    static func parseInt(_ text: String) -> Int? {
        parseInt(text.utf8.span)
    }

    /// Read from the String's contiguous bytes (an Array of them was an allocation per integer).
    private static func parseInt(_ bytes: Span<UInt8>) -> Int? {
        var i = 0
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            i = 1
        }
        guard i < bytes.count, bytes.count - i <= 15 else { return nil }
        if bytes[i] == 0x30, bytes.count - i > 1 { return nil }
        var value = 0
        while i < bytes.count {
            guard let d = digit(bytes[i]) else { return nil }
            value = value * 10 + d
            i += 1
        }
        return negative ? -value : value
    }

    static func hasLeadingZero(_ text: String) -> Bool {
        var digits = text.utf8.drop { $0 == UInt8(ascii: "-") }.makeIterator()
        return digits.next() == 0x30 && digits.next().flatMap(digit) != nil
    }
}
