/// What one command of a command line takes: its options, its arguments
/// and its subcommands, with the words help, completion and the manual
/// page are made from. A command line is one tree of these, declared once.
public struct CommandSpec: Sendable {
    public var name: String
    /// One line: what the command does.
    public var abstract: String
    /// More lines for its help (kept as written, each line wrapped).
    public var discussion: String
    public var options: [OptionSpec]
    public var arguments: [ArgumentSpec]
    public var subcommands: [CommandSpec]
    /// Not listed in help, completion or the manual (`__complete`).
    public var isHidden: Bool

    public init(
        _ name: String, abstract: String, discussion: String = "", options: [OptionSpec] = [],
        arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = [], isHidden: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
        self.subcommands = subcommands
        self.isHidden = isHidden
    }

    /// The option named `--long` or `-s` (without its dashes), if this command has one.
    public func option(long: String) -> OptionSpec? {
        options.first { $0.long == long }
    }

    public func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    /// The option a word names: `--ledger`, `--ledger=x`, `-C` or `-Cdir`; nil for any other word.
    func option(named word: String) -> OptionSpec? {
        if word.hasPrefix("--") { return option(long: String(word.dropFirst(2).prefix { $0 != "=" })) }
        guard word.hasPrefix("-"), word.count > 1 else { return nil }
        return option(short: word[word.index(after: word.startIndex)])
    }

    public func subcommand(_ name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// Subcommands a user is shown.
    public var visibleSubcommands: [CommandSpec] {
        subcommands.filter { !$0.isHidden }
    }

    /// An argument that takes every word no option claims (`htl log`'s text).
    var restArgument: ArgumentSpec? {
        arguments.first { $0.takesUnrecognized }
    }
}
