/// A goal's front matter as its edit form shows it and sends it back: each
/// field as written in the file (an alias stays an alias, a quoted number
/// is its text, a key the file does not have is empty), not as htl reads
/// it. A field the form sends back unchanged leaves its lines as they are.
public struct GoalFields: Sendable, Equatable {
    /// One entry of a mapping field: `km: 100` in targets, `health: 7` in values.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: String

        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The one-value fields the form edits, in the schema's order.
    public static let textKeys = ["title", "importance", "urgency", "start", "target", "status"]
    /// The mapping fields the form edits, in the schema's order.
    public static let mappingKeys = ["targets", "values", "cadence"]

    /// By key of `textKeys`; empty: not in the file. A key left out is a
    /// field the form did not send, which an edit leaves as it is.
    public var texts: [String: String] = [:]
    /// By key of `mappingKeys`, entries in the file's order; empty: not in
    /// the file. A key left out is left as it is, as in `texts`.
    public var mappings: [String: [Entry]] = [:]

    public init() {}

    public func text(_ key: String) -> String { texts[key] ?? "" }

    public func entries(_ key: String) -> [Entry] { mappings[key] ?? [] }

    /// A field as one line of text, for a message: `km 100, hours 30`.
    public func shown(_ key: String) -> String {
        if GoalFields.mappingKeys.contains(key) {
            return entries(key).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        return text(key)
    }

    /// The keys whose values differ between two forms of one goal, in the schema's order.
    public func keys(differingFrom other: GoalFields) -> [String] {
        (GoalFields.textKeys + GoalFields.mappingKeys).filter {
            text($0) != other.text($0) || entries($0) != other.entries($0)
        }
    }
}
