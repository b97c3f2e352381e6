import HTLCore

/// The manual page (roff, section 1) of a command line: every command with
/// its arguments and options, from the same specs as help, and sections
/// the program adds (exit status, environment).
public enum ManualPage {
    public struct Section: Sendable {
        public var title: String
        public var paragraphs: [String]

        public init(_ title: String, _ paragraphs: [String]) {
            self.title = title
            self.paragraphs = paragraphs
        }
    }

    public static func render(_ root: CommandSpec, version: String, date: String, sections: [Section]) -> String {
        let name = root.name
        var out =
            ".TH \(quoted(name.uppercased())) 1 \(quoted(date)) \(quoted(name + " " + version)) "
            + "\(quoted(name + " manual"))\n"
        out += ".SH NAME\n" + escaped(name) + " \\- " + escaped(root.abstract) + "\n"
        out += ".SH SYNOPSIS\n.B " + escaped(name) + "\n.I command\n[\n.I options\n] [\n.I arguments\n]\n"
        out += ".SH COMMANDS\n"
        for sub in root.visibleSubcommands { out += command(sub, path: [name, sub.name]) }
        for section in sections {
            out += ".SH " + escaped(section.title.uppercased()) + "\n"
            out += section.paragraphs.map(paragraph).joined(separator: ".PP\n")
        }
        return out
    }

    private static func command(_ spec: CommandSpec, path: [String]) -> String {
        var out = ".SS " + quoted(HelpText.usage(spec, path: path)) + "\n" + paragraph(spec.abstract)
        if !spec.discussion.isEmpty {
            out +=
                ".PP\n.nf\n"
                + spec.discussion.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }
                .joined() + ".fi\n"
        }
        for argument in spec.arguments {
            out += ".TP\n" + line("<\(argument.name)>") + paragraph(argument.help)
        }
        for option in spec.options {
            let names =
                (option.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB" + escaped("--" + option.long) + "\\fR"
            out +=
                ".TP\n" + names + (option.valueName.map { " \\fI" + escaped($0) + "\\fR" } ?? "") + "\n"
                + paragraph(HelpText.help(option))
        }
        for sub in spec.visibleSubcommands { out += command(sub, path: path + [sub.name]) }
        return out
    }

    private static func paragraph(_ text: String) -> String {
        line(text)
    }

    /// One line of text: escaped, and kept from being read as a request.
    private static func line(_ text: String) -> String {
        let body = escaped(text)
        return (body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" : "") + body + "\n"
    }

    /// Backslashes and hyphens as roff wants them.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default: out.append(c)
            }
        }
        return out
    }

    private static func quoted(_ text: String) -> String {
        "\"" + escaped(text).replacingAll("\"", "\\(dq") + "\""
    }
}
