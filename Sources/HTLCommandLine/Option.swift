/// An option declared once, with the type a command reads it as: its
/// `spec` goes into the command's `CommandSpec` (parsing, help, completion,
/// the manual page) and `parsed[option]` reads its value, so the option's
/// name is written in one place and a misspelt one does not compile.
public struct Option<Value>: Sendable {
    public let spec: OptionSpec
    /// The value a parsed command line gives it (the parser has already checked it).
    let value: @Sendable (ParsedCommand) -> Value
}

extension Option where Value == Bool {
    /// A flag (`--strict`): whether it was given.
    public static func flag(_ long: String, short: Character? = nil, help: String) -> Self {
        Option(spec: .flag(long, short: short, help: help)) { $0.flags.contains(long) }
    }
}

extension Option where Value == String? {
    /// An option with a value (`--since REV`): the last one given, nil when none is.
    public static func value(
        _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
        completion: CompletionKind = .none
    ) -> Self {
        let spec = OptionSpec.value(long, short: short, valueName: valueName, help: help, completion: completion)
        return Option(spec: spec) { $0.values[long]?.last }
    }
}

extension Option where Value == [String] {
    /// An option that may be given more than once: every value, in the order given.
    public static func repeated(
        _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
        completion: CompletionKind = .none
    ) -> Self {
        let spec = OptionSpec.value(long, short: short, valueName: valueName, help: help, completion: completion)
        return Option(spec: spec) { $0.values[long] ?? [] }
    }
}

extension Option where Value == Int? {
    /// A whole number (`--within 7`), nil when not given; the parser refuses any other value.
    public static func integer(
        _ long: String, short: Character? = nil, valueName: String? = nil,
        help: String
    ) -> Self {
        var spec = OptionSpec.value(long, short: short, valueName: valueName, help: help)
        spec.isWholeNumber = true
        return Option(spec: spec) { $0.values[long]?.last.flatMap { Int($0) } }
    }
}

extension Option where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
    /// One of an enumeration's cases, by its raw value (help and completion
    /// list them all, in order), or `fallback` when the option is not given.
    public static func choice(_ long: String, short: Character? = nil, help: String, default fallback: Value) -> Self {
        let spec = OptionSpec.value(
            long, short: short, help: help, choices: Value.allCases.map(\.rawValue),
            defaultValue: fallback.rawValue)
        return Option(spec: spec) { $0.values[long]?.last.flatMap(Value.init(rawValue:)) ?? fallback }
    }
}
