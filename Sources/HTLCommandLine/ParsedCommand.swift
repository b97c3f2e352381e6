/// A command line read against its `CommandSpec`: which command, and the
/// values given to its options and arguments, which the command reads
/// through their typed declarations (`parsed[Self.staged]`). Each read is
/// recorded, so a test can hold every command to reading every option and
/// argument it declares.
public struct ParsedCommand: Sendable {
    /// The command's names from the root (`["htl", "hook", "install"]`).
    public var path: [String]
    public var spec: CommandSpec
    /// Option values by long name, in the order given.
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    /// Argument words by argument name, in the order given.
    var argumentWords: [String: [String]] = [:]
    /// The options and arguments read so far, as help names them (`--json`, `<paths>`).
    private var readNames: Set<String> = []

    init(path: [String], spec: CommandSpec) {
        self.path = path
        self.spec = spec
    }

    /// `htl hook install`, for messages.
    public var name: String { path.joined(separator: " ") }

    /// An option's value, typed as declared; given more than once, the last one counts.
    public subscript<Value>(option: Option<Value>) -> Value {
        mutating get {
            readNames.insert(Self.name(of: option.spec))
            return option.value(self)
        }
    }

    /// An argument's value, typed as declared.
    public subscript<Value>(argument: Argument<Value>) -> Value {
        mutating get {
            readNames.insert(Self.name(of: argument.spec))
            return argument.value(argumentWords[argument.spec.name] ?? [])
        }
    }

    /// Counts an option as read that the command takes and has no use for
    /// (`htl rules` takes the ledger options, as every command on a ledger does).
    public mutating func ignore<Value>(_ option: Option<Value>) {
        readNames.insert(Self.name(of: option.spec))
    }

    /// The options and arguments the spec declares and nothing has read, in
    /// the order help lists them: a command reads everything it declares.
    public var unread: [String] {
        declaredNames.filter { !readNames.contains($0) }
    }

    /// What was read but is not declared (so it can never be given), sorted.
    public var undeclared: [String] {
        readNames.subtracting(declaredNames).sorted()
    }

    private var declaredNames: [String] {
        spec.options.map(Self.name(of:)) + spec.arguments.map(Self.name(of:))
    }

    private static func name(of option: OptionSpec) -> String {
        "--" + option.long
    }

    private static func name(of argument: ArgumentSpec) -> String {
        "<\(argument.name)>"
    }
}
