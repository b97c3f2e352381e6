import HTLCommandLine
import HTLKit

struct MergeLogCommand: HTLCommand {
    static let base = Argument.required("base", help: "The common version (git's %O).", completion: .files)
    static let ours = Argument.required(
        "ours", help: "This side's version (git's %A); the merge is written here.", completion: .files)
    static let theirs = Argument.required("theirs", help: "The other side's version (git's %B).", completion: .files)
    static let path = Argument.optional("path", help: "The log's path in the repository, for messages (git's %P).")

    static let spec = CommandSpec(
        "merge-log",
        abstract: "Git's merge driver for log files: keep what both sides appended.",
        discussion: """
            Git runs it for log/**/*.log once htl hook install (or htl init in a
            repository) has registered it. When both sides only appended, the
            result is the common text and every added line, in date order; exit 0.
            When a side changed a committed line, git's conflict is left as it is,
            and the line is named; exit 1.
            """,
        arguments: [base.spec, ours.spec, theirs.spec, path.spec])

    let base: String
    let ours: String
    let theirs: String
    let path: String?

    init(_ parsed: inout ParsedCommand) {
        base = parsed[Self.base]
        ours = parsed[Self.ours]
        theirs = parsed[Self.theirs]
        path = parsed[Self.path]
    }

    func run() throws {
        let result = try LogMergeDriver.merge(base: base, ours: ours, theirs: theirs, shown: path ?? ours)
        if case .conflict(let message) = result {
            Output.error("htl merge-log: " + message)
            throw ExitCode(1)
        }
    }
}
