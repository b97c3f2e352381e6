import HTLModel
import HTLParse

/// A schema's keys in canonical order, each with how `htl fmt` writes its
/// value, found by position: the formatter asks per key whether it belongs
/// and how it is written, and a look-up in `Schema.kind`'s dictionary
/// hashed the key each time (twice per key: a tenth of the `unformatted`
/// verdict's work on a goal file).
struct SchemaFields {
    let names: [String]
    let kinds: [Schema.FieldKind]

    /// The positions of the names of each length in bytes: a key is
    /// compared only with the names as long as it (one or two), not with
    /// every name before its own (a String compare each).
    private let byLength: [[Int]]

    init(_ names: [String]) {
        self.names = names
        kinds = names.map(Schema.kind(of:))
        var byLength = [[Int]](repeating: [], count: (names.map(\.utf8.count).max() ?? 0) + 1)
        for (position, name) in names.enumerated() { byLength[name.utf8.count].append(position) }
        self.byLength = byLength
    }

    /// The key's position in canonical order, or nil when the schema lacks it.
    func position(of name: String) -> Int? {
        let length = name.utf8.count
        guard length < byLength.count else { return nil }
        return byLength[length].first { names[$0] == name }
    }

    /// Each key's position in canonical order (`names.count`: not in the
    /// schema), found once per mapping for the shape test and the order.
    func ranks(_ pairs: [YAMLPair]) -> [Int] {
        pairs.indices.map { position(of: pairs.keyName(at: $0)) ?? names.count }
    }

    static let settings = SchemaFields(Schema.settings)
    static let measure = SchemaFields(Schema.measure)
    static let value = SchemaFields(Schema.value)
    static let term = SchemaFields(Schema.term)
    static let goal = SchemaFields(Schema.goal)
}
