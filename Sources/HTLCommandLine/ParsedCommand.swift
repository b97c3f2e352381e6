/// A command line read against its `CommandSpec`: which command, and the
/// values given to its options and arguments.
public struct ParsedCommand: Sendable {
    /// The command's names from the root (`["htl", "hook", "install"]`).
    public var path: [String]
    public var spec: CommandSpec
    /// Option values by long name, in the order given.
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    /// Argument words by argument name, in the order given.
    var argumentWords: [String: [String]] = [:]

    init(path: [String], spec: CommandSpec) {
        self.path = path
        self.spec = spec
    }

    /// `htl hook install`, for messages.
    public var name: String { path.joined(separator: " ") }

    /// Whether a flag was given.
    public func flag(_ long: String) -> Bool {
        precondition(spec.option(long: long).map { !$0.takesValue } ?? false, "--\(long) is not a flag of \(name)")
        return flags.contains(long)
    }

    /// An option's value; given more than once, the last one counts.
    public func value(_ long: String) -> String? {
        precondition(spec.option(long: long)?.takesValue ?? false, "--\(long) takes no value in \(name)")
        return values[long]?.last
    }

    /// A whole-number option's value (`--within 7`), or a usage error.
    public func integer(_ long: String) throws -> Int? {
        guard let text = value(long) else { return nil }
        guard let number = Int(text) else { throw UsageError("--\(long) takes a whole number, not '\(text)'") }
        return number
    }

    /// A single argument's word.
    public func argument(_ name: String) -> String? {
        arguments(name).first
    }

    /// A repeated argument's words (empty when none were given).
    public func arguments(_ name: String) -> [String] {
        precondition(spec.arguments.contains { $0.name == name }, "\(name) is not an argument of \(self.name)")
        return argumentWords[name] ?? []
    }
}

extension ParsedCommand {
    /// An option whose value is one of its choices (checked while parsing), or `fallback` when it is not given.
    public func choice<T: RawRepresentable>(_ long: String, default fallback: T) -> T where T.RawValue == String {
        value(long).flatMap(T.init(rawValue:)) ?? fallback
    }
}
