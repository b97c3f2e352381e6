import HTLCommandLine
import HTLKit

struct NewCommand: HTLCommand {
    static let spec = CommandSpec(
        "new",
        abstract: "Create a goal, value or term from a template.",
        options: LedgerOptions.specs + [.value("title", help: "The title (default: from the id).")],
        arguments: [
            ArgumentSpec("kind", help: "goal, value or term.", completion: .list(EntityTemplate.Kind.allCases.map(\.rawValue))),
            ArgumentSpec("id", help: "The id: the file name without .md (lowercase letters, digits, '-')."),
        ])

    let options: LedgerOptions
    let kind: String
    let id: String
    let title: String?

    init(_ parsed: ParsedCommand) {
        options = LedgerOptions(parsed)
        kind = parsed.argument("kind") ?? ""
        id = parsed.argument("id") ?? ""
        title = parsed.value("title")
    }

    func run() throws {
        guard let which = EntityTemplate.Kind(rawValue: kind) else {
            throw HTLError("htl new makes a goal, a value or a term, not '\(kind)'")
        }
        let made = try EntityTemplate.create(which, id: id, title: title, ledger: try options.request(), waiting: try options.waiting())
        Output.say("created \(made.path)")
        if let note = made.note { Output.error("note: " + note) }
    }
}
