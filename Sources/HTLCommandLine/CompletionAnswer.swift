/// What a shell may offer for the word being typed, worked out from the
/// words before it: a subcommand, an option, an option's value or a
/// positional argument. Every shell's script asks the program for this
/// (`__complete`), so the three shells complete alike and never go stale.
public enum CompletionAnswer: Equatable, Sendable {
    /// These words (already narrowed to what was typed).
    case words([String])
    case files
    case directories
    /// Words only the program can find (goal ids), by name, for what was typed.
    case custom(String, prefix: String)

    /// `words` are the command line after the program's name; `index` is
    /// the word being typed (it may be one past the end: a new word).
    public static func answer(_ root: CommandSpec, words: [String], index requested: Int) -> CompletionAnswer {
        // A shell never asks outside the line; anything else is read as the nearest word.
        let index = min(max(requested, 0), words.count)
        let before = joinedAtEquals(Array(words.prefix(index)))
        let current = unquoted(index < words.count ? words[index] : "")
        var spec = root
        var i = 0
        if before.first == "help" {
            return before.count == 1 ? narrowed(root.visibleSubcommands.map(\.name), current) : .words([])
        }
        while i < before.count, let sub = spec.subcommand(before[i]) {
            spec = sub
            i += 1
        }
        var positional = 0
        var optionsEnded = false
        while i < before.count {
            let word = before[i]
            i += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                positional += 1
            } else if word == "--" {
                optionsEnded = true
            } else if let option = spec.option(named: word), option.takesValue, word.hasSuffix("="), i == before.count {
                return value(of: option, current)  // bash's `--ledger` `=` `dir`, joined above
            } else if let option = spec.option(named: word), option.takesValue, !word.contains("="), !isAttached(word) {
                if i == before.count { return value(of: option, current) }
                i += 1
            } else if spec.option(named: word) == nil, spec.restArgument != nil {
                positional += 1
            }
        }
        return next(spec, current: current, positional: positional, optionsEnded: optionsEnded)
    }

    /// The word being typed, once the command and the position are known.
    private static func next(_ spec: CommandSpec, current: String, positional: Int, optionsEnded: Bool)
        -> CompletionAnswer
    {
        if !optionsEnded, current.hasPrefix("--"), let equals = current.firstIndex(of: "="),
            let option = spec.option(long: String(current[current.index(current.startIndex, offsetBy: 2)..<equals]))
        {
            guard case .words(let values) = value(of: option, String(current[current.index(after: equals)...])) else {
                return .words([])
            }
            return .words(values.map { String(current[...equals]) + $0 })
        }
        if !optionsEnded, current.hasPrefix("-"), !(spec.restArgument != nil && looksLikeNumber(current)) {
            return narrowed(
                spec.options.flatMap { option in ["--" + option.long] + (option.short.map { ["-\($0)"] } ?? []) } + [
                    "--help"
                ], current)
        }
        if !spec.subcommands.isEmpty { return narrowed(spec.visibleSubcommands.map(\.name), current) }
        guard
            let argument = positional < spec.arguments.count
                ? spec.arguments[positional] : spec.arguments.last.flatMap({ $0.isRepeated ? $0 : nil })
        else { return .words([]) }
        return kind(argument.completion, current)
    }

    private static func value(of option: OptionSpec, _ current: String) -> CompletionAnswer {
        kind(option.completion, current)
    }

    private static func kind(_ kind: CompletionKind, _ current: String) -> CompletionAnswer {
        switch kind {
        case .none: return .words([])
        case .list(let words): return narrowed(words, current)
        case .files: return .files
        case .directories: return .directories
        case .custom(let name): return .custom(name, prefix: current)
        }
    }

    private static func narrowed(_ words: [String], _ prefix: String) -> CompletionAnswer {
        .words(words.filter { $0.hasPrefix(prefix) })
    }

    /// `-Cdir`: a short option with its value attached.
    private static func isAttached(_ word: String) -> Bool {
        !word.hasPrefix("--") && word.count > 2
    }

    /// `-0.8km`: a negative quantity in a log line, not an option.
    private static func looksLikeNumber(_ word: String) -> Bool {
        guard let second = word.dropFirst().first else { return false }
        return second.isNumber || second == "."
    }

    /// A word the shell still has inside an open quote (`"Piano 20min +pi`,
    /// as bash, zsh and fish hand it over) is completed without its quote:
    /// the shells put the candidates inside the quote.
    static func unquoted(_ word: String) -> String {
        guard let quote = word.first, quote == "\"" || quote == "'", !word.dropFirst().contains(quote) else {
            return word
        }
        return String(word.dropFirst())
    }

    /// bash splits `--ledger=dir` into `--ledger`, `=`, `dir`: put them back together.
    private static func joinedAtEquals(_ words: [String]) -> [String] {
        var result: [String] = []
        var k = 0
        while k < words.count {
            if words[k] == "=", let last = result.last, last.hasPrefix("--") {
                result[result.count - 1] = last + "=" + (k + 1 < words.count ? words[k + 1] : "")
                k += 2
            } else {
                result.append(words[k])
                k += 1
            }
        }
        return result
    }
}
