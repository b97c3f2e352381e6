/// A command line htl cannot run: an unknown option, a missing argument, a
/// value that is not one of an option's choices. Exit 2, with a message that
/// names the command and where its help is.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    /// A word that looks like an option `command` does not have.
    static func unknownOption(_ word: String, for command: String) -> UsageError {
        UsageError("unknown option '\(word)' for \(command) (\(command) --help lists what it takes)")
    }
}
