/// What a command line asks for.
public enum Invocation: Sendable {
    /// Run this command with these values.
    case run(ParsedCommand)
    /// Show this command's help (`--help`, `-h`, `htl help CMD`, or a
    /// command that only groups others, given alone).
    case help(path: [String], spec: CommandSpec)
    case version
    /// A shell asks what may come next: `words` are the command line after
    /// the program's name, `index` the one being typed (`__complete`).
    case complete(index: Int, words: [String])
}
