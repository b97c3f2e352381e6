import HTLCommandLine
import HTLKit

/// The candidates the shells ask htl for while you type (`htl __complete`):
/// commands, options and their values from the specs, and goal ids, rule
/// ids, `+goal`, `#tag` and `5km` in a log line, read from the ledger the
/// command line names (`-C DIR`, HTL_LEDGER, or the working folder).
enum ShellCompletion {
    /// Goal ids of the ledger the command line names.
    static let goalIDs = CompletionKind.custom("goal-ids")
    /// A word of a log line: `+goal`, `#tag`, `5km`.
    static let logWord = CompletionKind.custom("log-word")

    /// What `htl __complete INDEX WORDS...` prints: one candidate per line.
    static func answer(index: Int, words: [String]) -> String {
        let answer = CompletionAnswer.answer(HTL.spec, words: words, index: index)
        let lines = CompletionScript.lines(answer) { name, prefix in candidates(name, prefix: prefix, words: words) }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The words of a custom kind that start with what was typed.
    static func candidates(_ kind: String, prefix: String, words: [String]) -> [String] {
        guard let root = root(from: words) else { return [] }
        switch CompletionKind.custom(kind) {
        case goalIDs:
            let bare = prefix.hasPrefix("+") ? String(prefix.dropFirst()) : prefix
            return LedgerCompletions.goalIDs(root: root).filter { $0.hasPrefix(bare) }
        case logWord:
            return LedgerCompletions.logWord(prefix, root: root)
        default:
            return []
        }
    }

    /// The ledger root for the words typed so far: after -C/--ledger (as
    /// `LedgerOptions.ledger` names them), else HTL_LEDGER, else found from
    /// the working folder.
    static func root(from words: [String]) -> LedgerRoot? {
        let long = "--" + LedgerOptions.ledger.spec.long
        let short = LedgerOptions.ledger.spec.short.map { "-\($0)" }
        var folder: String?
        for (i, word) in words.enumerated() where i + 1 < words.count && (word == short || word == long) {
            folder = words[i + 1]
        }
        for word in words where word.hasPrefix(long + "=") { folder = String(word.dropFirst(long.count + 1)) }
        if let short {
            for word in words where word.hasPrefix(short) && word.count > 2 { folder = String(word.dropFirst(2)) }
        }
        let start =
            folder ?? FileSystem.environment("HTL_LEDGER").flatMap { $0.isEmpty ? nil : $0 }
            ?? FileSystem.currentDirectory()
        guard let found = try? LedgerDirectory.findRoot(from: start) else { return nil }
        return try? LedgerRoot(found)
    }
}
