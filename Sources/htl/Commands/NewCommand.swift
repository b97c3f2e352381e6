import HTLCommandLine
import HTLKit

struct NewCommand: HTLCommand {
    static let title = Option.value("title", help: "The title (default: from the id).")
    static let kind = Argument.required(
        "kind", help: "goal, value or term.", completion: .list(EntityTemplate.Kind.allCases.map(\.rawValue)))
    static let id = Argument.required("id", help: "The id: the file name without .md (lowercase letters, digits, '-').")

    static let spec = CommandSpec(
        "new",
        abstract: "Create a goal, value or term from a template.",
        options: LedgerOptions.specs + [title.spec],
        arguments: [kind.spec, id.spec])

    let options: LedgerOptions
    let kind: String
    let id: String
    let title: String?

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
        kind = parsed[Self.kind]
        id = parsed[Self.id]
        title = parsed[Self.title]
    }

    func run() throws {
        guard let which = EntityTemplate.Kind(rawValue: kind) else {
            throw HTLError("htl new makes a goal, a value or a term, not '\(kind)'")
        }
        let made = try EntityTemplate.create(
            which, id: id, title: title, ledger: try options.request(),
            waiting: try options.waiting())
        Output.say("created \(made.path)")
        if let note = made.note { Output.error("note: " + note) }
    }
}
