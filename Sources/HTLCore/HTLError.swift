/// A failure that stops a command: no ledger, an unreadable file, a git
/// failure. The command line prints the message and exits 2.
public struct HTLError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
