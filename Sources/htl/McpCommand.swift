import ArgumentParser
import Dispatch
import HTLKit

struct McpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Run the Model Context Protocol server (stdio) for AI assistants: read tools, and checked writes with --allow-writes.",
        discussion: """
            Tools: status, progress, values, terms, actions, check, next, due, review (JSON as the commands' \
            --json); log_action with --allow-writes (checked like htl log, a dry run unless dry_run is false). \
            Prompts: weekly_review, set_goal. docs/MCP.md shows the set-up for MCP clients.
            """)

    @OptionGroup var options: LedgerOptions

    @Flag(help: "Offer the write tool log_action (checked like htl log; history is never edited).")
    var allowWrites = false

    func run() throws {
        let root = try options.ledgerRoot()
        // Each call reads the clock (or --today) when it runs.
        let pinned = options.today != nil || !(FileSystem.environment("HTL_TODAY") ?? "").isEmpty
        let fixed: Now? = pinned ? try options.now() : nil
        let session = MCPSession(root: root, now: { fixed ?? Clock.now() }, allowWrites: allowWrites)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: Error?
        Task {
            do { try await MCPServer.run(session, version: HTL.configuration.version) } catch { failure = error }
            done.signal()
        }
        done.wait()
        if let failure { throw HTLError("htl mcp: \(failure)") }
    }
}
