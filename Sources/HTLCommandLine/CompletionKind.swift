/// What a shell offers for an option's value or an argument.
public enum CompletionKind: Sendable, Equatable {
    case none
    /// These words, in this order.
    case list([String])
    /// The shell's own file names.
    case files
    /// The shell's own folder names.
    case directories
    /// Words the program finds while the user types (goal ids from the
    /// ledger), named here and answered by the program.
    case custom(String)
}
