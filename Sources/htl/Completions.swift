import HTLCommandLine
import HTLKit

/// Shell completion: the scripts (`htl completions bash|zsh|fish`) and the
/// candidates the shells ask htl for while you type (goal ids, rule ids,
/// `+goal`, `#tag` and `5km` in a log line), read from the ledger the
/// command line names (`-C DIR`, HTL_LEDGER, or the working folder).
struct CompletionsCommand: HTLCommand {
    static let spec = CommandSpec(
        "completions",
        abstract: "Print a shell completion script (bash, zsh or fish).",
        discussion: """
            bash:  htl completions bash > ~/.local/share/bash-completion/completions/htl
            zsh:   htl completions zsh > ~/.zfunc/_htl   (with fpath+=~/.zfunc before compinit)
            fish:  htl completions fish > ~/.config/fish/completions/htl.fish
            make install puts all three where the shells find them.
            """,
        arguments: [ArgumentSpec("shell", help: "bash, zsh or fish.", completion: .list(CompletionScript.Shell.allCases.map(\.rawValue)))])

    let shell: CompletionScript.Shell

    init(_ parsed: ParsedCommand) throws {
        let name = parsed.argument("shell") ?? ""
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError("htl completions writes a script for bash, zsh or fish, not '\(name)'")
        }
        self.shell = shell
    }

    func run() throws {
        Output.write(CompletionScript.render(shell, program: "htl"))
    }
}

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

    /// The ledger root for the words typed so far: after -C/--ledger, else
    /// HTL_LEDGER, else found from the working folder.
    static func root(from words: [String]) -> LedgerRoot? {
        var folder: String?
        for (i, word) in words.enumerated() where i + 1 < words.count && (word == "-C" || word == "--ledger") {
            folder = words[i + 1]
        }
        for word in words where word.hasPrefix("--ledger=") { folder = String(word.dropFirst("--ledger=".count)) }
        for word in words where word.hasPrefix("-C") && word.count > 2 { folder = String(word.dropFirst(2)) }
        let start = folder ?? FileSystem.environment("HTL_LEDGER").flatMap { $0.isEmpty ? nil : $0 } ?? FileSystem.currentDirectory()
        guard let found = try? LedgerDirectory.findRoot(from: start) else { return nil }
        return try? LedgerRoot(found)
    }
}
