/// A command's help, as `--help` prints it: what it does, how to call it,
/// its arguments, options and subcommands, wrapped to 80 columns.
public enum HelpText {
    static let width = 80
    /// Where descriptions start: labels shorter than this share their line.
    static let column = 26

    public static func render(_ spec: CommandSpec, path: [String]) -> String {
        var out = wrapped("OVERVIEW: " + spec.abstract)
        if !spec.discussion.isEmpty { out += "\n" + wrapped(spec.discussion) }
        out += "\nUSAGE: " + usage(spec, path: path) + "\n"
        if !spec.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for argument in spec.arguments { out += entry("<\(argument.name)>", argument.help) }
        }
        out += "\nOPTIONS:\n"
        for option in spec.options { out += entry(option.label, help(option)) }
        if path.count == 1 { out += entry("--version", "Show the version.") }
        out += entry("-h, --help", "Show help information.")
        if !spec.visibleSubcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n"
            for sub in spec.visibleSubcommands { out += entry(sub.name, sub.abstract) }
            let name = path.joined(separator: " ")
            out +=
                "\n  See '" + (path.count == 1 ? "\(name) help <subcommand>" : "\(name) <subcommand> --help")
                + "' for detailed help.\n"
        }
        return out
    }

    /// `htl check [<options>] [<paths> ...]`.
    public static func usage(_ spec: CommandSpec, path: [String]) -> String {
        var words = path
        if !spec.visibleSubcommands.isEmpty { return (words + ["<subcommand>"]).joined(separator: " ") }
        if !spec.options.isEmpty { words.append("[<options>]") }
        words += spec.arguments.map(\.usage)
        return words.joined(separator: " ")
    }

    /// An option's help with its choices and default, as help and the manual show it.
    static func help(_ option: OptionSpec) -> String {
        var notes: [String] = []
        if !option.choices.isEmpty { notes.append("values: " + option.choices.joined(separator: ", ")) }
        if let value = option.defaultValue { notes.append("default: " + value) }
        return notes.isEmpty ? option.help : option.help + " (" + notes.joined(separator: "; ") + ")"
    }

    /// `  label   text`, the text wrapped under itself.
    static func entry(_ label: String, _ text: String) -> String {
        let head = "  " + label
        let indent = String(repeating: " ", count: column)
        let lines = wrap(text, width: width - column)
        if head.count < column - 1 {
            return head + String(repeating: " ", count: column - head.count) + lines.joined(separator: "\n" + indent)
                + "\n"
        }
        return head + "\n" + lines.map { indent + $0 }.joined(separator: "\n") + "\n"
    }

    /// Each line of `text` wrapped to the width, keeping its own indentation.
    static func wrapped(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let leading = String(line.prefix { $0 == " " })
            return wrap(String(line.dropFirst(leading.count)), width: width - leading.count).map { leading + $0 }
                .joined(separator: "\n")
        }.joined(separator: "\n") + "\n"
    }

    /// Words joined into lines of at most `width` characters (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        return lines
    }
}
