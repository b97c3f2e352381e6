import HTLModel

/// A schema's keys in canonical order, each with how `htl fmt` writes its
/// value, found by position: the formatter asks per key whether it belongs
/// and how it is written, and a look-up in `Schema.kind`'s dictionary
/// hashed the key each time (twice per key: a tenth of the `unformatted`
/// verdict's work on a goal file).
struct SchemaFields {
    let names: [String]
    let kinds: [Schema.FieldKind]

    init(_ names: [String]) {
        self.names = names
        kinds = names.map(Schema.kind(of:))
    }

    /// The key's position in canonical order, or nil when the schema lacks it.
    func position(of name: String) -> Int? {
        names.firstIndex(of: name)
    }

    static let settings = SchemaFields(Schema.settings)
    static let measure = SchemaFields(Schema.measure)
    static let value = SchemaFields(Schema.value)
    static let term = SchemaFields(Schema.term)
    static let goal = SchemaFields(Schema.goal)
}
