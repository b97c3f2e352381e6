/// One option of a command: a flag (`--json`) or an option with a value
/// (`--today 2026-11-22`, `--today=2026-11-22`, `-C dir`, `-Cdir`), as
/// parsing, help and completion see it. A command declares it through
/// `Option`, which makes the spec and reads the value typed.
public struct OptionSpec: Sendable {
    /// The long name without its dashes (`dry-run`).
    public var long: String
    public var short: Character?
    public var help: String
    /// nil for a flag; otherwise how help writes the value (`dir`).
    public var valueName: String?
    /// The only values allowed, in the order help lists them (empty: any).
    public var choices: [String]
    /// The value when the option is not given, for help (`auto`).
    public var defaultValue: String?
    public var completion: CompletionKind
    /// The value must be a whole number (`--within 7`), checked once the whole line is read.
    var isWholeNumber = false

    /// A flag: present or not.
    public static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(
            long: long, short: short, help: help, valueName: nil, choices: [], defaultValue: nil, completion: .none)
    }

    /// An option with a value.
    public static func value(
        _ long: String, short: Character? = nil, valueName: String? = nil, help: String,
        choices: [String] = [], defaultValue: String? = nil, completion: CompletionKind = .none
    ) -> OptionSpec {
        OptionSpec(
            long: long, short: short, help: help, valueName: valueName ?? long, choices: choices,
            defaultValue: defaultValue, completion: choices.isEmpty ? completion : .list(choices))
    }

    public var takesValue: Bool { valueName != nil }

    /// `-C, --ledger <dir>` as help shows it.
    var label: String {
        let names = (short.map { "-\($0), " } ?? "") + "--" + long
        return valueName.map { names + " <\($0)>" } ?? names
    }
}
