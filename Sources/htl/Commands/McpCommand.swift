import Glibc
import HTLCommandLine
import HTLKit

struct McpCommand: HTLCommand {
    static let allowWrites = Option.flag(
        "allow-writes",
        help: "Offer the write tools log_action and new_goal "
            + "(checked like htl log and htl new; history is never edited).")

    static let spec = CommandSpec(
        "mcp",
        abstract: "Run the Model Context Protocol server (stdio) for AI assistants: read tools, "
            + "and checked writes with --allow-writes.",
        discussion: """
            Tools: status, progress, values, terms, actions, check, next, due, diff, review (JSON as the commands' \
            --json); log_action and new_goal with --allow-writes (checked like htl log and htl new, a dry run \
            unless dry_run is false). \
            Prompts: weekly_review, set_goal. docs/ASSISTANTS.md shows the set-up for MCP clients. The server is the \
            binary htl-mcp installed next to htl.
            """,
        options: LedgerOptions.specs + [allowWrites.spec])

    let options: LedgerOptions
    let allowWrites: Bool

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
        allowWrites = parsed[Self.allowWrites]
    }

    func run() throws {
        let root = try options.root()
        var arguments = ["--root", root, "--version", HTL.version]
        if options.today != nil || !(FileSystem.environment("HTL_TODAY") ?? "").isEmpty {
            // Pinned by --today or HTL_TODAY (checked here); otherwise each call reads the clock.
            arguments += ["--today", try options.todayDate().description]
        }
        if allowWrites { arguments.append("--allow-writes") }
        let server = try Self.serverPath()
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        throw HTLError("cannot start \(server): \(String(cString: strerror(errno)))")
    }

    /// htl-mcp in the folder htl runs from.
    static func serverPath() throws -> String { try sibling("htl-mcp", for: "htl mcp") }

    /// A binary installed next to htl (htl-mcp, htl-serve).
    static func sibling(_ name: String, for command: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { throw HTLError("cannot find where htl runs from") }
        let path = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let server = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) + "/" + name
        guard access(server, X_OK) == 0 else {
            throw HTLError("\(command) needs \(name) next to htl (\(server)); make install puts it there")
        }
        return server
    }
}
