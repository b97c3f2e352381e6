import HTLCore

/// Reads a command line (the words after the program's name) against a
/// tree of `CommandSpec`s: subcommands first, then the options and the
/// positional arguments of the command they lead to.
///
/// `--name value`, `--name=value`, `-n value` and `-nvalue` give a value;
/// `--` ends the options; an option given twice keeps its last value;
/// `-h`/`--help` and `--version` win wherever they stand before `--`, even
/// beside a mistake.
public struct CommandLineParser: Sendable {
    public let root: CommandSpec
    /// The hidden word a completion script calls the program with.
    public static let completeWord = "__complete"

    public init(_ root: CommandSpec) {
        self.root = root
    }

    public func parse(_ words: [String]) throws(UsageError) -> Invocation {
        if words.first == Self.completeWord {
            return .complete(index: words.count > 1 ? Int(words[1]) ?? 0 : 0, words: Array(words.dropFirst(2)))
        }
        var spec = root
        var path = [root.name]
        var i = 0
        while !spec.subcommands.isEmpty {
            guard i < words.count else { return .help(path: path, spec: spec) }
            let word = words[i]
            if word == "-h" || word == "--help" { return .help(path: path, spec: spec) }
            if word == "--version" { return .version }
            if path.count == 1, word == "help" { return try help(Array(words[(i + 1)...])) }
            guard let sub = spec.subcommand(word) else { throw unknownCommand(word, path: path, of: spec) }
            spec = sub
            path.append(word)
            i += 1
        }
        return try leaf(ParsedCommand(path: path, spec: spec), Array(words[i...]))
    }

    /// `htl help check`: the help of the command named.
    private func help(_ names: [String]) throws(UsageError) -> Invocation {
        var spec = root
        var path = [root.name]
        for name in names {
            guard let sub = spec.subcommand(name) else { throw unknownCommand(name, path: path, of: spec) }
            spec = sub
            path.append(name)
        }
        return .help(path: path, spec: spec)
    }

    private func unknownCommand(_ word: String, path: [String], of spec: CommandSpec) -> UsageError {
        let name = path.joined(separator: " ")
        if word.hasPrefix("-") { return .unknownOption(word, for: name, options: spec.options) }
        let suggestion = Suggestion.closest(to: word, in: spec.visibleSubcommands.map(\.name))
        return UsageError(
            "unknown command '\(word)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
                + "; \(path.count == 1 ? name + " help" : name + " --help") lists the commands")
    }

    /// The options and arguments of a command that has no subcommands.
    private func leaf(_ start: ParsedCommand, _ words: [String]) throws(UsageError) -> Invocation {
        let options = words.prefix { $0 != "--" }
        if options.contains(where: { $0 == "-h" || $0 == "--help" }) {
            return .help(path: start.path, spec: start.spec)
        }
        if options.contains("--version") { return .version }
        var parsed = start
        var reader = WordReader(words: words, spec: start.spec, command: start.name)
        var positional: [String] = []
        while let word = reader.next() {
            switch try reader.classify(word) {
            case .positional: positional.append(word)
            case .endOfOptions: break
            case .flag(let long): parsed.flags.insert(long)
            case .value(let long, let value): parsed.values[long, default: []].append(value)
            }
        }
        try assign(positional, to: &parsed)
        try checkWholeNumbers(parsed)
        return .run(parsed)
    }

    /// A whole-number option (`--within 7`) holds one; the last value given
    /// counts. Checked after the rest of the line, whose mistakes come first.
    private func checkWholeNumbers(_ parsed: ParsedCommand) throws(UsageError) {
        for option in parsed.spec.options where option.isWholeNumber {
            if let text = parsed.values[option.long]?.last, Int(text) == nil {
                throw UsageError("--\(option.long) takes a whole number, not '\(text)'")
            }
        }
    }

    /// Positional words to the arguments, in order; a repeated argument takes the rest.
    private func assign(_ positional: [String], to parsed: inout ParsedCommand) throws(UsageError) {
        var k = 0
        for argument in parsed.spec.arguments {
            if argument.isRepeated {
                parsed.argumentWords[argument.name] = Array(positional[k...])
                k = positional.count
            } else if k < positional.count {
                parsed.argumentWords[argument.name] = [positional[k]]
                k += 1
            } else if !argument.isOptional {
                throw UsageError(
                    "\(parsed.name) needs <\(argument.name)>: "
                        + "\(argument.help.prefix(1).lowercased() + argument.help.dropFirst())"
                        + " (\(parsed.name) --help)")
            }
        }
        if k < positional.count {
            throw UsageError(
                "unexpected argument '\(positional[k])' for \(parsed.name) (\(parsed.name) --help lists what it takes)")
        }
    }
}

/// The words of one command, read one at a time: what each is, and the
/// value it takes from the next word when it needs one.
private struct WordReader {
    let words: [String]
    let spec: CommandSpec
    let command: String
    var position = 0
    var optionsEnded = false

    enum Kind {
        case positional
        /// `--`: every later word is positional.
        case endOfOptions
        case flag(String)
        case value(String, String)
    }

    init(words: [String], spec: CommandSpec, command: String) {
        self.words = words
        self.spec = spec
        self.command = command
    }

    mutating func next() -> String? {
        guard position < words.count else { return nil }
        defer { position += 1 }
        return words[position]
    }

    mutating func classify(_ word: String) throws(UsageError) -> Kind {
        if optionsEnded { return .positional }
        if word == "--" {
            optionsEnded = true
            return .endOfOptions
        }
        if word.hasPrefix("--") { return try long(word) }
        if word.hasPrefix("-"), word.count > 1 { return try short(word) }
        return .positional
    }

    private mutating func long(_ word: String) throws(UsageError) -> Kind {
        let body = word.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let option = spec.option(long: name) else {
            if spec.restArgument != nil { return .positional }
            throw .unknownOption("--" + name, for: command, options: spec.options)
        }
        guard option.takesValue else {
            if inline != nil { throw UsageError("--\(name) takes no value") }
            return .flag(name)
        }
        if let inline { return .value(name, try checked(inline, for: option)) }
        return .value(name, try checked(valueAfter(option, typed: "--" + name), for: option))
    }

    private mutating func short(_ word: String) throws(UsageError) -> Kind {
        let letter = word[word.index(after: word.startIndex)]
        guard let option = spec.option(short: letter) else {
            if spec.restArgument != nil { return .positional }
            throw .unknownOption(word, for: command, options: spec.options)
        }
        let attached = String(word.dropFirst(2))
        guard option.takesValue else {
            if !attached.isEmpty { throw UsageError("-\(letter) takes no value") }
            return .flag(option.long)
        }
        if !attached.isEmpty { return .value(option.long, try checked(attached, for: option)) }
        return .value(option.long, try checked(valueAfter(option, typed: word), for: option))
    }

    /// The next word as the option's value, unless there is none or it is another of the command's options.
    private mutating func valueAfter(_ option: OptionSpec, typed: String) throws(UsageError) -> String {
        guard position < words.count, !isOption(words[position]) else {
            throw UsageError("\(typed) needs a value: \(option.label)")
        }
        defer { position += 1 }
        return words[position]
    }

    private func isOption(_ word: String) -> Bool {
        word == "--" || word == "-h" || word == "--help" || word == "--version" || spec.option(named: word) != nil
    }

    private func checked(_ value: String, for option: OptionSpec) throws(UsageError) -> String {
        guard option.choices.isEmpty || option.choices.contains(value) else {
            throw UsageError("--\(option.long) takes \(Self.alternatives(option.choices)), not '\(value)'")
        }
        return value
    }

    /// "text, json or github".
    static func alternatives(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}
