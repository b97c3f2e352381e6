import HTLCore

/// A command line htl cannot run: an unknown option, a missing argument, a
/// value that is not one of an option's choices. Exit 2, with a message that
/// names the command and where its help is.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    /// A word that looks like an option `command` does not have; a long one
    /// close to one of `options` says which, as an unknown command does:
    /// `unknown option '--jsn' for htl status (did you mean '--json'?); ...`.
    static func unknownOption(_ word: String, for command: String, options: [OptionSpec]) -> UsageError {
        let help = "\(command) --help lists what it takes"
        guard let near = nearOption(word, options) else {
            return UsageError("unknown option '\(word)' for \(command) (\(help))")
        }
        return UsageError("unknown option '\(word)' for \(command) (did you mean '\(near)'?); \(help)")
    }

    /// The option of `options` (or `--help`, `--version`) a mistyped long option most
    /// likely meant: `--jsn` → `--json`; nil for a short one (`-x`).
    public static func nearOption(_ word: String, _ options: [OptionSpec]) -> String? {
        guard word.hasPrefix("--") else { return nil }
        let name = String(word.dropFirst(2).prefix { $0 != "=" })
        return Suggestion.closest(to: name, in: options.map(\.long) + ["help", "version"]).map { "--" + $0 }
    }
}
