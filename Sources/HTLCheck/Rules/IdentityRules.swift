import HTLCore
import HTLFormat
import HTLModel
import HTLParse
import HTLProgress

/// `bad-id` and `duplicate-id` for values, terms and goals.
package enum IdentityRules {
    static func badID(_ context: RuleContext) -> [Diagnostic] {
        let ledger = context.ledger
        let entities = ledger.values.map { ($0.id, $0.location) } + ledger.terms.map { ($0.id, $0.location) }
            + ledger.goals.map { ($0.id, $0.location) }
        return entities.compactMap { id, location in
            guard !Identifier.isValidEntityID(id) else { return nil }
            let reason = id.utf8.count > Identifier.maxLength
                ? "longer than \(Identifier.maxLength) characters"
                : "not a valid id: use lowercase letters, digits and '-', starting with a letter or digit"
            return Diagnostic(.badID, location, "file name '\(id)' is \(reason)", help: suggestedID(id).map { "rename it to '\($0).md'" }, wholeFile: true)
        }
    }

    static func duplicateID(_ context: RuleContext) -> [Diagnostic] {
        let ledger = context.ledger
        var found: [Diagnostic] = []
        func duplicates(_ kind: String, _ items: [(id: String, location: SourceLocation)]) {
            var first: [String: SourceLocation] = [:]
            for item in items {
                if let earlier = first[item.id] {
                    found.append(Diagnostic(.duplicateID, item.location, "\(kind) id '\(item.id)' is also used by \(earlier.path)", wholeFile: true))
                } else {
                    first[item.id] = item.location
                }
            }
        }
        duplicates("value", ledger.values.map { ($0.id, $0.location) })
        duplicates("term", ledger.terms.map { ($0.id, $0.location) })
        duplicates("goal", ledger.goals.map { ($0.id, $0.location) })
        var numbers: [Int: Term] = [:]
        for term in ledger.terms {
            if let earlier = numbers[term.number] {
                found.append(Diagnostic(.duplicateID, term.numberLocation, "term number \(term.number) is also used by \(earlier.path)"))
            } else {
                numbers[term.number] = term
            }
        }
        return found
    }

    /// A valid id close to a bad one: lowercased, runs of other characters as '-'.
    package static func suggestedID(_ id: String) -> String? {
        var out: [UInt8] = []
        for b in id.utf8 {
            let lower = (b >= 0x41 && b <= 0x5A) ? b + 32 : b
            if Identifier.isLowerAlnum(lower) {
                out.append(lower)
            } else if let last = out.last, last != UInt8(ascii: "-") {
                out.append(UInt8(ascii: "-"))
            }
        }
        while out.last == UInt8(ascii: "-") { out.removeLast() }
        let candidate = String(decoding: out.prefix(Identifier.maxLength), as: UTF8.self)
        return Identifier.isValidEntityID(candidate) ? candidate : nil
    }
}
