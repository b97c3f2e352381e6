import HTLCore

/// Ids for imported entities, made from their titles ("Run 100 km!" →
/// `run-100-km`): ASCII (common accented letters lose their accents), at
/// most 64 characters cut at a word, and unique among the ids already taken
/// (`-2`, `-3`, ... when not).
package struct IDAllocator {
    private var taken: Set<String>
    private var nextSuffix: [String: Int] = [:]

    package init(taken: some Sequence<String>) {
        self.taken = Set(taken)
    }

    package mutating func id(for title: String, fallback: String) -> String {
        let base = IDAllocator.slug(title) ?? fallback
        var candidate = base
        // Counting on from the last suffix this base was given: a thousand
        // "Untitled" goals cost a thousand steps, not half a million.
        var n = nextSuffix[base] ?? 2
        while taken.contains(candidate) {
            let suffix = "-\(n)"
            candidate = IDAllocator.cut(base, to: Identifier.maxLength - suffix.utf8.count) + suffix
            n += 1
        }
        nextSuffix[base] = n
        taken.insert(candidate)
        return candidate
    }

    package func isTaken(_ id: String) -> Bool {
        taken.contains(id)
    }

    /// An id from a title: its first 256 bytes, folded (accents dropped),
    /// as `Identifier.suggestedID` makes them an id.
    package static func slug(_ title: String) -> String? {
        let limited = String(decoding: folded(title.unicodeScalars, upTo: 4 * Identifier.maxLength), as: UTF8.self)
        guard var id = Identifier.suggestedID(limited) else { return nil }
        while id.hasSuffix("-") { id.removeLast() }
        return id.isEmpty ? nil : id
    }

    /// The first `limit` bytes of the folded title. Folding stops there: a
    /// title of 200,000 characters costs what its first 256 bytes cost, not
    /// a fold of the whole (8 s for a new goal's duplicate check).
    static func folded<Scalars: Sequence<Unicode.Scalar>>(_ title: Scalars, upTo limit: Int) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in title {
            guard out.count < limit else { break }
            out += folding(scalar).utf8
        }
        return Array(out.prefix(limit))
    }

    /// At most `length` bytes, cut after a whole word when there is one.
    static func cut(_ id: String, to length: Int) -> String {
        guard id.utf8.count > length else { return id }
        let head = String(decoding: id.utf8.prefix(length), as: UTF8.self)
        if let dash = head.lastIndex(of: "-"), dash != head.startIndex { return String(head[..<dash]) }
        return head
    }

    /// A letter without its accent; other characters unchanged.
    static func folding(_ scalar: Unicode.Scalar) -> String {
        if scalar.isASCII { return String(scalar) }
        let text = String(scalar).lowercased()
        for (plain, accented) in accents where accented.contains(text) { return plain }
        return " "
    }

    /// A data table
    static let accents: [(String, String)] = [
        ("a", "àáâãäåāă"), ("c", "çćč"), ("d", "ďđ"), ("e", "èéêëēėęě"), ("g", "ğ"), ("i", "ìíîïīį"),
        ("l", "łľ"), ("n", "ñńň"), ("o", "òóôõöøō"), ("r", "ř"), ("s", "śšş"), ("t", "ťţ"),
        ("u", "ùúûüūůű"), ("y", "ýÿ"), ("z", "źżž"), ("ss", "ß"), ("ae", "æ"), ("oe", "œ"),
    ]
}
