import HTLCheck
import HTLCore
import HTLEdit
import HTLJSON
import HTLLoad
import HTLModel
import HTLRender
import HTLSystem
import MCP

/// What `htl mcp` does for each request, without the protocol: every tool
/// call loads the ledger afresh through the one pipeline (so edits made
/// meanwhile are seen) and answers with the JSON of `htl … --json`.
public struct MCPSession: Sendable {
    public let root: LedgerRoot
    /// When a call runs: the command line's clock, or its `--today`.
    public let now: @Sendable () -> Now
    public let allowWrites: Bool
    /// How the write tools wait for another writer of the ledger.
    package var waiting = WriterLock.Waiting()

    public init(root: LedgerRoot, now: @escaping @Sendable () -> Now, allowWrites: Bool) {
        self.root = root
        self.now = now
        self.allowWrites = allowWrites
    }

    /// A tool's text, or the error an assistant should see.
    struct Answer: Equatable {
        var text: String
        var isError: Bool
    }

    var tools: [Tool] { ToolCatalog.read + (allowWrites ? ToolCatalog.write : []) }

    func call(_ name: String, _ arguments: [String: MCP.Value]?) -> Answer {
        guard let tool = tools.first(where: { $0.name == name }) else {
            let hint =
                ToolCatalog.write.contains { $0.name == name } ? " (write tools need htl mcp --allow-writes)" : ""
            return Answer(text: "no tool '\(name)'\(hint)", isError: true)
        }
        do {
            let allowed = Set(tool.inputSchema.objectValue?["properties"]?.objectValue?.keys.map { $0 } ?? [])
            let args = try ToolArguments(arguments, allowed: allowed)
            return Answer(text: try answer(name, args), isError: false)
        } catch let error as HTLError {
            return Answer(text: error.message, isError: true)
        } catch {
            return Answer(text: "\(error)", isError: true)
        }
    }

    func load(_ configure: (inout LoadRequest) -> Void = { $0.computeProgress = true }) throws -> LoadedLedger {
        var request = LoadRequest(root: root, now: now())
        configure(&request)
        return try LedgerLoader.load(request)
    }

    private func answer(_ name: String, _ args: ToolArguments) throws -> String {
        switch name {
        case "log_action": return try logAction(args)
        case "new_goal": return try newGoal(args)
        case "check": return try check()
        case "diff": return try diff(args)
        default: return try report(name, args, loaded: try load())
        }
    }
}
