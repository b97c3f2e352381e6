import HTLCore
import HTLModel
import HTLSystem

/// Candidates for shell completion, from the ledger as it is on disk: goal
/// ids, measure names, tags. A ledger that cannot be read completes nothing.
public enum LedgerCompletions {
    /// Every goal id (milestones and obligations too), in byte order.
    public static func goalIDs(root: LedgerRoot) -> [String] {
        guard let ledger = ledger(root) else { return [] }
        return sorted(ledger.goals.map(\.id))
    }

    /// A word of a log line: `+ru` → goal links, `#out` → tags, `5k` → `5km`
    /// (quantities with every measure name and alias); anything else nothing.
    /// Inside a quoted line the shell hands over the line typed so far: its
    /// last word is completed and the words before it kept
    /// (`Piano 20min +pi` → `Piano 20min +piano-20h`).
    public static func logWord(_ prefix: String, root: LedgerRoot) -> [String] {
        if let space = prefix.lastIndex(where: \.isWhitespace) {
            let line = prefix[...space]
            return logWord(String(prefix[prefix.index(after: space)...]), root: root).map { line + $0 }
        }
        guard let first = prefix.first, first == "+" || first == "#" || first == "-" || first.isNumber || first == "."
        else { return [] }
        guard let ledger = ledger(root) else { return [] }
        let candidates: [String]
        switch first {
        case "+": candidates = ledger.goals.map { "+" + $0.id }
        case "#": candidates = (ledger.goals.flatMap(\.tags) + ledger.actions.flatMap(\.tags)).map { "#" + $0 }
        default:
            let number = String(prefix.prefix { $0.isNumber || $0 == "." || $0 == "-" })
            guard number.contains(where: \.isNumber) else { return [] }
            candidates = ledger.measures.allNames.map { number + $0 }
        }
        return sorted(candidates.filter { $0.hasPrefix(prefix) })
    }

    static func ledger(_ root: LedgerRoot) -> Ledger? {
        let request = LoadRequest(root: root, today: CivilDate(dayNumber: 0))
        return try? LedgerLoader.load(request).ledger
    }

    static func sorted(_ words: [String]) -> [String] {
        var unique: [String] = []
        for word in words.sorted(by: ByteOrder.precedes) where unique.last != word {
            unique.append(word)
        }
        return unique
    }
}
