/// A positional argument declared once, with the type a command reads it
/// as: its `spec` goes into the command's `CommandSpec` and
/// `parsed[argument]` reads the words given to it.
public struct Argument<Value>: Sendable {
    public let spec: ArgumentSpec
    /// The value the argument's words make.
    let value: @Sendable ([String]) -> Value
}

extension Argument where Value == String {
    /// One word the command needs (`<goal>`): the parser refuses a command line without it.
    public static func required(_ name: String, help: String, completion: CompletionKind = .none) -> Self {
        Argument(spec: ArgumentSpec(name, help: help, completion: completion)) { $0.first ?? "" }
    }
}

extension Argument where Value == String? {
    /// One word the command can go without (`[<from>]`): nil when not given.
    public static func optional(_ name: String, help: String, completion: CompletionKind = .none) -> Self {
        Argument(spec: ArgumentSpec(name, help: help, isOptional: true, completion: completion)) { $0.first }
    }
}

extension Argument where Value == [String] {
    /// Every remaining word (`[<paths> ...]`), perhaps none.
    public static func repeated(_ name: String, help: String, completion: CompletionKind = .none) -> Self {
        Argument(spec: ArgumentSpec(name, help: help, isRepeated: true, completion: completion)) { $0 }
    }

    /// Every remaining word, also those that look like options but are none
    /// of the command's (`htl log Correction -0.8km`): the command judges them.
    public static func rest(_ name: String, help: String, completion: CompletionKind = .none) -> Self {
        Argument(spec: ArgumentSpec(name, help: help, takesUnrecognized: true, completion: completion)) { $0 }
    }
}
