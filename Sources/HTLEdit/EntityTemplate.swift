import HTLCheck
import HTLCore
import HTLFormat
import HTLLoad
import HTLModel
import HTLParse
import HTLProgress
import HTLSystem

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

    /// A new entity's file, and a note for the user when htl chose
    /// something they may not expect (a term number other than the id's).
    public struct NewFile: Sendable {
        public var path: String
        public var text: String
        public var note: String?
    }

    /// The path and text of a new entity. Throws when the id is not valid or
    /// already used by that kind, or when the file would not pass `htl check`
    /// (a blank title, a date past 9999-12-31): nothing is ever written that
    /// the checker rejects.
    public static func make(_ kind: Kind, id: String, title: String?, in loaded: LoadedLedger) throws -> NewFile {
        let ledger = loaded.ledger
        let today = loaded.today
        guard Identifier.isValidEntityID(id) else {
            let hint = Identifier.suggestedID(id).map { " (try '\($0)')" } ?? ""
            throw HTLError(
                "'\(id)' is not a valid id: use lowercase letters, digits and '-', starting with a letter or digit"
                    + hint)
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
        var made: NewFile
        switch kind {
        case .goal: made = NewFile(path: path, text: goal(id: id, title: title, ledger: ledger, today: today))
        case .value: made = NewFile(path: path, text: value(id: id, title: title))
        case .term: made = try term(id: id, path: path, title: title, ledger: ledger, today: today)
        }
        let errors = ProposedChange.diagnostics(in: SourceFile(path: path, text: made.text), replacing: loaded).filter(
            \.isError)
        if let first = errors.first {
            throw HTLError(
                "the new \(kind.rawValue) would not pass htl check: \(first.location.line):\(first.location.column): "
                    + "\(first.message) [\(first.rule.rawValue)]; nothing written"
            )
        }
        return made
    }

    /// `htl new`: the new entity made and created under the writer lock.
    public static func create(
        _ kind: Kind, id: String, title: String?,
        ledger request: LoadRequest, waiting: WriterLock.Waiting
    ) throws -> NewFile {
        try LedgerWriter.change(request, waiting: waiting) { loaded, lock in
            let made = try make(kind, id: id, title: title, in: loaded)
            try AtomicFile.create(made.path, under: lock, bytes: Array(made.text.utf8))
            return made
        }
    }

    /// "run-100km" → "Run 100km".
    static func humanised(_ id: String) -> String {
        let words = id.split(separator: "-").map(String.init)
        guard let first = words.first else { return id }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst()).joined(separator: " ")
    }

    static func goal(id: String, title: String?, ledger: Ledger, today: CivilDate) -> String {
        let current = ledger.terms.filter { $0.isActive(on: today) }.max { $0.number < $1.number }
        let target = current?.end ?? today.adding(days: 7 * ledger.settings.termWeeks - 1)
        var text = "---\ntitle: \(YAMLScalarWriter.text(title ?? humanised(id)))\n"
        text += "start: \(today)\ntarget: \(max(target, today))\n"
        if let current { text += "term: \(current.number)\n" }
        // A commented rhythm to keep: uncommented, it is a cadence (FORMAT.md §8).
        text += "# cadence:\n#   actions: 3/week\n"
        text += "---\nWhy this goal matters.\n\n## Action plan\n- [ ] The first step\n"
        return text
    }

    static func value(id: String, title: String?) -> String {
        "---\ntitle: \(YAMLScalarWriter.text(title ?? humanised(id)))\nlevel: general\n---\nWhat this value means, "
            + "and how it shows in a good week.\n"
    }

    /// A term numbered after its id (`term-8` is number 8) when that number
    /// is free, else the next free number, said in the note; it starts the
    /// day after the last term ends.
    static func term(id: String, path: String, title: String?, ledger: Ledger, today: CivilDate) throws -> NewFile {
        let numbers = Set(ledger.terms.map(\.number))
        let next = (numbers.max() ?? 0) + 1
        var number = next
        var note: String?
        if id.hasPrefix("term-"), let wanted = Int(id.dropFirst(5)), wanted >= 1 {
            if numbers.contains(wanted) {
                let holder = ledger.terms.first { $0.number == wanted }.map(\.path) ?? "another term"
                note = "term \(wanted) is taken (\(holder)), so \(path) has number \(next)"
            } else {
                number = wanted
            }
        }
        let start = ledger.terms.map(\.end).max().map { $0.adding(days: 1) } ?? today
        guard start.year <= 9999 else {
            throw HTLError(
                "no room for a new term: the last term ends \(start.adding(days: -1)), and dates end at 9999-12-31")
        }
        var text = "---\nnumber: \(number)\n"
        if let title { text += "title: \(YAMLScalarWriter.text(title))\n" }
        text += "start: \(start)\n---\n## Plans\n\n## Reflection\n"
        return NewFile(path: path, text: text, note: note)
    }
}
