import HTLCommandLine

/// One command of htl: what it takes (its spec, for parsing, help,
/// completion and the manual, built from typed `Option` and `Argument`
/// declarations), its values read from a parsed command line through those
/// declarations, and what it does.
protocol HTLCommand: Sendable {
    static var spec: CommandSpec { get }
    /// The command it stands under (`hook` for `htl hook install`), if any.
    static var group: CommandSpec? { get }
    /// Reads every option and argument the spec declares, whether given or
    /// not (CommandDeclarationTests fails on one left unread).
    init(_ parsed: inout ParsedCommand) throws
    func run() throws
}

extension HTLCommand {
    static var group: CommandSpec? { nil }

    /// Its names below `htl`: `["check"]`, `["hook", "install"]`.
    static var path: [String] {
        (group.map { [$0.name] } ?? []) + [spec.name]
    }
}

/// Ends the command with this exit status (after its output).
struct ExitCode: Error {
    var rawValue: Int32

    init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }
}
