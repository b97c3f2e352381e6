import HTLJSON
import MCP

/// `htl mcp`: the Model Context Protocol over stdio (newline-delimited
/// JSON-RPC), with the official Swift SDK. Tools and prompts are answered
/// by `MCPSession`; a tool's failure is a tool error with its message.
public enum MCPServer {
    public static func run(_ session: MCPSession, version: String) async throws {
        let server = Server(
            name: "htl", version: version, title: "htl goal ledger",
            capabilities: .init(prompts: .init(listChanged: false), tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: session.tools) }
        await server.withMethodHandler(CallTool.self) { params in
            let answer = session.call(params.name, params.arguments)
            return .init(content: [.text(text: answer.text, annotations: nil, _meta: nil)], isError: answer.isError)
        }
        await server.withMethodHandler(ListPrompts.self) { _ in .init(prompts: PromptCatalog.prompts) }
        await server.withMethodHandler(GetPrompt.self) { params in try session.prompt(params.name, params.arguments) }
        try await server.start(transport: DrainingTransport(LineTransport()))
        await server.waitUntilCompleted()
    }
}
