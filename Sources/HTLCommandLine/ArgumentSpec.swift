/// One positional argument of a command.
public struct ArgumentSpec: Sendable {
    /// How help writes it (`paths`, shown as `<paths>`).
    public var name: String
    public var help: String
    public var isOptional: Bool
    /// Takes every remaining word (`<paths> ...`).
    public var isRepeated: Bool
    /// Also takes words that look like options but are none of the
    /// command's (`htl log Correction -0.8km`): the command judges them.
    public var takesUnrecognized: Bool
    public var completion: CompletionKind

    public init(
        _ name: String, help: String, isOptional: Bool = false, isRepeated: Bool = false,
        takesUnrecognized: Bool = false, completion: CompletionKind = .none
    ) {
        self.name = name
        self.help = help
        self.isOptional = isOptional || isRepeated || takesUnrecognized
        self.isRepeated = isRepeated || takesUnrecognized
        self.takesUnrecognized = takesUnrecognized
        self.completion = completion
    }

    /// `<paths> ...`, `[<from>]` as a usage line shows it.
    var usage: String {
        let word = "<\(name)>" + (isRepeated ? " ..." : "")
        return isOptional ? "[\(word)]" : word
    }
}
