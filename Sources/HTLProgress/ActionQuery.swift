import HTLCore
import HTLModel

/// `htl actions --where EXPR`: which actions an expression selects
/// (CLI.md, "Questions about the log"). The grammar:
///
///     expr    := and ("or" and)*
///     and     := unary ("and" unary)*
///     unary   := "not" unary | "(" expr ")" | term
///     term    := +GOAL | #TAG | MEASURE OP NUMBER | date OP DATE
///              | text~WORD | text~"SOME WORDS" | correction
///     OP      := = | != | < | <= | > | >=
///
/// `+run-100km` (or `+run-1`, the start of one id, as `--goal` takes it)
/// is an action that counts toward the goal (linked, or by
/// one of its tags in its window); `km>5` one with a quantity of a measure
/// that converts to km and more than 5 of it (an action without such a
/// quantity matches no comparison); `text~lake` one whose description
/// holds the word, ignoring case. `and` binds tighter than `or`. At most
/// 1,000 words and parentheses, and 64 `not` and `(` around a term.
public struct ActionQuery: Sendable {
    indirect enum Node: Sendable {
        case goal(Set<Int>)
        case tag(String)
        case measure(Int, Comparison, ExactDecimal)
        case date(Comparison, CivilDate)
        case text(String)
        case correction
        case not(Node)
        case and(Node, Node)
        case or(Node, Node)
    }

    enum Comparison: String, Sendable, CaseIterable {
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case notEqual = "!="
        case less = "<"
        case greater = ">"
        case equal = "="

        func holds<T: Comparable>(_ a: T, _ b: T) -> Bool {
            switch self {
            case .equal: return a == b
            case .notEqual: return a != b
            case .less: return a < b
            case .lessOrEqual: return a <= b
            case .greater: return a > b
            case .greaterOrEqual: return a >= b
            }
        }
    }

    /// A bad expression: what is wrong and the column (1-based, in characters) of the token.
    public struct SyntaxError: Error, Sendable, Equatable {
        public var message: String
        public var column: Int
    }

    let root: Node
    let ledger: Ledger

    /// The expression read against the ledger (its goals, measures) and report (what counts toward a goal).
    public init(_ text: String, ledger: Ledger, report: ProgressReport) throws {
        let tokens = try ActionQueryParser.tokens(text)
        guard tokens.count <= ActionQueryParser.longest else {
            throw SyntaxError(
                message: "the expression has more than \(ActionQueryParser.longest) words and parentheses",
                column: tokens[ActionQueryParser.longest].column)
        }
        var parser = ActionQueryParser(tokens: tokens, ledger: ledger, report: report)
        root = try parser.expression()
        if let extra = parser.peek() {
            throw SyntaxError(message: "expected 'and', 'or' or the end, found '\(extra.text)'", column: extra.column)
        }
        self.ledger = ledger
    }

    public func matches(_ index: Int) -> Bool {
        matches(root, ledger.actions[index], index)
    }

    private func matches(_ node: Node, _ a: Action, _ index: Int) -> Bool {
        switch node {
        case .goal(let counted): return counted.contains(index)
        case .tag(let tag): return a.tags.contains(tag)
        case .measure(let measure, let comparison, let value):
            guard let amount = amount(of: a, in: measure) else { return false }
            return comparison.holds(amount, value)
        case .date(let comparison, let day): return comparison.holds(a.date, day)
        case .text(let word): return Identifier.lowercasedASCII(a.description.utf8).contains(word)
        case .correction: return a.isCorrection
        case .not(let inner): return !matches(inner, a, index)
        case .and(let x, let y): return matches(x, a, index) && matches(y, a, index)
        case .or(let x, let y): return matches(x, a, index) || matches(y, a, index)
        }
    }

    /// The action's quantities that convert to `measure`, summed in it; nil when it has none.
    private func amount(of a: Action, in measure: Int) -> ExactDecimal? {
        var total: ExactDecimal?
        for q in a.quantities {
            guard let converted = ledger.measures.convert(q.amount, from: q.measureIndex, to: measure) else { continue }
            total = (total ?? .zero) + converted
        }
        return total
    }
}

/// Reads an `ActionQuery`: words and parentheses, then recursive descent.
struct ActionQueryParser {
    struct Token: Equatable {
        var text: String
        var column: Int
    }

    var tokens: [Token]
    let ledger: Ledger
    let report: ProgressReport
    var position = 0
    /// How many `not` and `(` enclose the term being read.
    var depth = 0

    /// Limits that keep parsing and matching (both recursive) shallow: a
    /// question is a line, not a program.
    static let longest = 1_000
    static let deepest = 64

    /// Words split at blanks, `(` and `)` their own tokens; a `"…"` keeps its blanks.
    static func tokens(_ text: String) throws -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var start = 0
        var quoted = false
        for (offset, ch) in text.enumerated() {
            let column = offset + 1
            if quoted {
                current.append(ch)
                if ch == "\"" { quoted = false }
                continue
            }
            if ch == " " || ch == "\t" || ch == "(" || ch == ")" {
                if !current.isEmpty { tokens.append(Token(text: current, column: start)) }
                current = ""
                if ch == "(" || ch == ")" { tokens.append(Token(text: String(ch), column: column)) }
                continue
            }
            if current.isEmpty { start = column }
            if ch == "\"" { quoted = true }
            current.append(ch)
        }
        if quoted { throw ActionQuery.SyntaxError(message: "a quote is not closed", column: start) }
        if !current.isEmpty { tokens.append(Token(text: current, column: start)) }
        guard !tokens.isEmpty else { throw ActionQuery.SyntaxError(message: "the expression is empty", column: 1) }
        return tokens
    }

    func peek() -> Token? { position < tokens.count ? tokens[position] : nil }

    mutating func next() -> Token? {
        defer { position += 1 }
        return peek()
    }

    mutating func expression() throws -> ActionQuery.Node {
        var node = try conjunction()
        while peek()?.text == "or" {
            position += 1
            node = .or(node, try conjunction())
        }
        return node
    }

    mutating func conjunction() throws -> ActionQuery.Node {
        var node = try unary()
        while peek()?.text == "and" {
            position += 1
            node = .and(node, try unary())
        }
        return node
    }

    mutating func unary() throws -> ActionQuery.Node {
        guard let token = next() else {
            let column = tokens.last.map { $0.column + $0.text.count } ?? 1
            throw ActionQuery.SyntaxError(message: "the expression ends where a term was expected", column: column)
        }
        let opens = token.text == "not" || token.text == "("
        if opens {
            guard depth < Self.deepest else {
                throw ActionQuery.SyntaxError(
                    message: "more than \(Self.deepest) 'not' and '(' around one term", column: token.column)
            }
            depth += 1
        }
        defer { if opens { depth -= 1 } }
        switch token.text {
        case "not": return .not(try unary())
        case "(":
            let inner = try expression()
            guard let close = next(), close.text == ")" else {
                throw ActionQuery.SyntaxError(message: "this '(' is not closed", column: token.column)
            }
            return inner
        case ")", "and", "or":
            throw ActionQuery.SyntaxError(message: "expected a term, found '\(token.text)'", column: token.column)
        default: return try term(token)
        }
    }

    func term(_ token: Token) throws -> ActionQuery.Node {
        let text = token.text
        func fail(_ message: String) -> ActionQuery.SyntaxError { .init(message: message, column: token.column) }
        if text == "correction" { return .correction }
        if text.hasPrefix("+") {
            // Named as --goal names it: an id or the start of exactly one.
            let name = String(text.dropFirst())
            let lookup = GoalLookup(name, in: report.goals.map(\.id))
            guard case .found(let id) = lookup, let goal = report.goal(id) else {
                throw fail(lookup.message(for: name) ?? "no goal '\(name)'")
            }
            return .goal(Set(goal.allActionIndices))
        }
        if text.hasPrefix("#") {
            let tag = Identifier.lowercasedASCII(text.dropFirst().utf8)
            guard !tag.isEmpty else { throw fail("'#' needs a tag after it") }
            return .tag(tag)
        }
        if text.hasPrefix("text~") {
            var word = String(text.dropFirst(5))
            if word.count >= 2, word.hasPrefix("\""), word.hasSuffix("\"") {
                word = String(word.dropFirst().dropLast())
            }
            guard !word.isEmpty else { throw fail("text~ needs a word after it") }
            return .text(Identifier.lowercasedASCII(word.utf8))
        }
        guard let (name, comparison, value) = Self.comparison(text) else {
            throw fail("'\(text)' is not a term: +goal, #tag, km>5, date>=2026-11-01, text~word or correction")
        }
        if name == "date" {
            guard let day = CivilDate.parse(value) else { throw fail("'\(value)' is not a date YYYY-MM-DD") }
            return .date(comparison, day)
        }
        guard let measure = ledger.measures.index(for: name) else {
            let names = ledger.measures.measures.flatMap { [$0.id] + $0.aliases } + ["date"]
            let near = Suggestion.closest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw fail("no measure '\(name)'\(near)")
        }
        guard case .success(let amount) = ExactDecimal.parse(Array(value.utf8)) else {
            throw fail("'\(value)' is not a number")
        }
        return .measure(measure, comparison, amount)
    }

    /// `km>=5` as ("km", >=, "5"): the first operator in the word.
    static func comparison(_ text: String) -> (String, ActionQuery.Comparison, String)? {
        let chars = Array(text)
        guard let at = chars.firstIndex(where: { "<>=!".contains($0) }), at > 0 else { return nil }
        for op in ActionQuery.Comparison.allCases where String(chars[at...]).hasPrefix(op.rawValue) {
            let value = String(chars[(at + op.rawValue.count)...])
            guard !value.isEmpty else { return nil }
            return (String(chars[..<at]), op, value)
        }
        return nil
    }
}
