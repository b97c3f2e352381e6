import HTLJSON
import HTLRender

/// The JSON-RPC 2.0 messages LSP is made of, and the few shapes it repeats.
public enum LSPMessage {
    /// JSON-RPC error codes LSP uses.
    public enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestFailed = -32803
    }

    public static func response(id: JSON, result: JSON) -> String {
        JSON.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]).compact()
    }

    public static func error(id: JSON, _ code: ErrorCode, _ message: String) -> String {
        JSON.object([
            ("jsonrpc", .string("2.0")), ("id", id),
            ("error", .object([("code", .int(code.rawValue)), ("message", .string(message))])),
        ]).compact()
    }

    public static func notification(_ method: String, _ params: JSON) -> String {
        JSON.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]).compact()
    }

    public static func position(_ p: (line: Int, character: Int)) -> JSON {
        .object([("line", .int(p.line)), ("character", .int(p.character))])
    }

    public static func range(_ start: (line: Int, character: Int), _ end: (line: Int, character: Int)) -> JSON {
        .object([("start", position(start)), ("end", position(end))])
    }

    public static func location(uri: String, range: JSON) -> JSON {
        .object([("uri", .string(uri)), ("range", range)])
    }
}
