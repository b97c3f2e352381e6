import HTLCore

/// A goal named on the command line: its exact id, or a prefix of exactly
/// one id (`htl progress run-1` for run-100km). Anything else is an error
/// that says what was meant.
public enum GoalLookup: Equatable, Sendable {
    case found(String)
    /// The prefix starts several ids (sorted).
    case ambiguous([String])
    /// Nothing starts so; perhaps one of these (ids containing the text, or a
    /// close spelling).
    case missing(suggestions: [String])

    public init(_ text: String, in ids: [String]) {
        let sorted = ids.sorted(by: ByteOrder.precedes)
        if sorted.contains(text) {
            self = .found(text)
            return
        }
        let lowered = text.lowercased()
        let starting = sorted.filter { $0.lowercased().hasPrefix(lowered) }
        if starting.count == 1 {
            self = .found(starting[0])
        } else if !starting.isEmpty {
            self = .ambiguous(starting)
        } else if !lowered.isEmpty, case let containing = sorted.filter({ $0.lowercased().contains(lowered) }),
            !containing.isEmpty
        {
            self = .missing(suggestions: containing)
        } else {
            self = .missing(suggestions: Suggestion.closest(to: text, in: sorted).map { [$0] } ?? [])
        }
    }

    /// The error's words: "no goal 'x' (did you mean 'y'?)".
    public func message(for text: String) -> String? {
        func list(_ ids: [String]) -> String {
            let shown = ids.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
            return ids.count > 5 ? shown + " and \(ids.count - 5) more" : shown
        }
        switch self {
        case .found: return nil
        case .ambiguous(let ids): return "'\(text)' starts several goal ids: \(list(ids)); type more of it"
        case .missing(let ids) where ids.isEmpty: return "no goal '\(text)' (htl status lists them)"
        case .missing(let ids):
            return "no goal '\(text)' (did you mean \(ids.count == 1 ? list(ids) : "one of " + list(ids))?)"
        }
    }

    /// The id of the goal `text` names: an id or a unique prefix of one,
    /// with or without the `+` of a log link (`+run-100km`). Throws the
    /// message that says what was meant.
    public static func id(named text: String, in ids: [String]) throws -> String {
        let name = text.hasPrefix("+") ? String(text.dropFirst()) : text
        let lookup = GoalLookup(name, in: ids)
        if case .found(let id) = lookup { return id }
        throw HTLError(lookup.message(for: name) ?? "no goal '\(name)'")
    }
}
