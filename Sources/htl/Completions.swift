import ArgumentParser
import HTLKit

/// Shell completion: the scripts (`htl completions bash|zsh|fish`) and the
/// candidates the shells ask htl for while you type (goal ids, rule ids,
/// `+goal`, `#tag` and `5km` in a log line), read from the ledger the
/// command line names (`-C DIR`, HTL_LEDGER, or the working folder).
struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print a shell completion script (bash, zsh or fish).",
        discussion: """
            bash:  htl completions bash > ~/.local/share/bash-completion/completions/htl
            zsh:   htl completions zsh > ~/.zfunc/_htl   (with fpath+=~/.zfunc before compinit)
            fish:  htl completions fish > ~/.config/fish/completions/htl.fish
            make install puts all three where the shells find them.
            """)

    @Argument(help: "bash, zsh or fish.")
    var shell: CompletionShell

    func run() throws {
        Output.write(HTL.completionScript(for: shell))
    }
}

extension CompletionShell: @retroactive ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { ["bash", "zsh", "fish"] }
}

enum ShellCompletion {
    /// Goal ids of the ledger the command line names.
    static let goalIDs = CompletionKind.custom { words, _, prefix in
        guard let root = root(from: words) else { return [] }
        let bare = prefix.hasPrefix("+") ? String(prefix.dropFirst()) : prefix
        return LedgerCompletions.goalIDs(root: root).filter { $0.hasPrefix(bare) }
    }

    /// A word of a log line.
    static let logWord = CompletionKind.custom { words, _, prefix in
        guard let root = root(from: words) else { return [] }
        return LedgerCompletions.logWord(prefix, root: root)
    }

    /// The ledger root for the words typed so far: after -C/--ledger, else
    /// HTL_LEDGER, else found from the working folder.
    static func root(from words: [String]) -> LedgerRoot? {
        var folder: String?
        for (i, word) in words.enumerated() where i + 1 < words.count && (word == "-C" || word == "--ledger") {
            folder = words[i + 1]
        }
        for word in words where word.hasPrefix("--ledger=") { folder = String(word.dropFirst("--ledger=".count)) }
        let start = folder ?? FileSystem.environment("HTL_LEDGER").flatMap { $0.isEmpty ? nil : $0 } ?? FileSystem.currentDirectory()
        guard let found = try? LedgerDirectory.findRoot(from: start) else { return nil }
        return try? LedgerRoot(found)
    }
}
