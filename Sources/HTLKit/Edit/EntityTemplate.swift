/// `htl new goal|value|term ID`: a new file with the defaults filled in,
/// already in canonical form, that `htl check` accepts.
public enum EntityTemplate {
    public enum Kind: String, CaseIterable, Sendable {
        case goal, value, term

        var folder: String {
            switch self {
            case .goal: return LedgerLayout.goalsFolder
            case .value: return LedgerLayout.valuesFolder
            case .term: return LedgerLayout.termsFolder
            }
        }
    }

    /// The path and text of a new entity. Throws when the id is not valid or
    /// already used by that kind.
    public static func make(_ kind: Kind, id: String, title: String?, ledger: Ledger, today: CivilDate) throws -> (path: String, text: String) {
        guard Identifier.isValidEntityID(id) else {
            let hint = IdentityRules.suggestedID(id).map { " (try '\($0)')" } ?? ""
            throw HTLError("'\(id)' is not a valid id: use lowercase letters, digits and '-', starting with a letter or digit" + hint)
        }
        let taken: [(id: String, path: String)]
        switch kind {
        case .goal: taken = ledger.goals.map { ($0.id, $0.path) }
        case .value: taken = ledger.values.map { ($0.id, $0.path) }
        case .term: taken = ledger.terms.map { ($0.id, $0.path) }
        }
        if let existing = taken.first(where: { $0.id == id }) {
            throw HTLError("a \(kind.rawValue) with id '\(id)' already exists: \(existing.path)")
        }
        let path = "\(kind.folder)/\(id).md"
        switch kind {
        case .goal: return (path, goal(id: id, title: title, ledger: ledger, today: today))
        case .value: return (path, value(id: id, title: title))
        case .term: return (path, term(title: title, ledger: ledger, today: today))
        }
    }

    /// "run-100km" → "Run 100km".
    static func humanised(_ id: String) -> String {
        let words = id.split(separator: "-").map(String.init)
        guard let first = words.first else { return id }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst()).joined(separator: " ")
    }

    static func goal(id: String, title: String?, ledger: Ledger, today: CivilDate) -> String {
        let current = ProgressEngine.compute(ledger, today: today).currentTerm
        let target = current?.term.end ?? today.adding(days: 7 * ledger.settings.termWeeks - 1)
        var text = "---\ntitle: \(YAMLScalarWriter.text(title ?? humanised(id)))\n"
        text += "start: \(today)\ntarget: \(max(target, today))\n"
        if let current { text += "term: \(current.term.number)\n" }
        text += "---\nWhy this goal matters.\n\n## Action plan\n- [ ] The first step\n"
        return text
    }

    static func value(id: String, title: String?) -> String {
        "---\ntitle: \(YAMLScalarWriter.text(title ?? humanised(id)))\nlevel: general\n---\nWhat this value means, and how it shows in a good week.\n"
    }

    static func term(title: String?, ledger: Ledger, today: CivilDate) -> String {
        let number = (ledger.terms.map(\.number).max() ?? 0) + 1
        let start = ledger.terms.map(\.end).max().map { $0.adding(days: 1) } ?? today
        var text = "---\nnumber: \(number)\n"
        if let title { text += "title: \(YAMLScalarWriter.text(title))\n" }
        text += "start: \(start)\n---\n## Plans\n\n## Reflection\n"
        return text
    }
}
