/// Reading JSON values: LSP messages, the Ten Week Goal app's exports (the
/// type is htl's `JSON`: objects keep their keys in order, numbers keep their
/// text, so an id `1` goes back as `1` and 5.8 stays exactly 5.8).
extension JSON {
    /// The member named `key` of an object; nil otherwise.
    public subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A whole number that fits an Int (LSP's integers and uintegers).
    public var int: Int? {
        guard case .number(let text) = self else { return nil }
        return Int(text)
    }

    /// A number's text as written (exact), or nil.
    public var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }

    public var array: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
