import HTLJSON
import HTLRender
import Logging
import MCP

import struct Foundation.Data

/// A transport that answers everything it was asked before it ends: when
/// the client closes its input (a script piping requests in, or a client
/// that writes its last request and closes), the requests still being
/// handled are answered first. The SDK handles each request in a task of
/// its own and stops reading at the end of input, so without this the
/// process would end with answers unsent.
public actor DrainingTransport: Transport {
    private let inner: any Transport
    /// Requests received and not yet answered, by id (an id may repeat).
    private var unanswered: [ID: Int] = [:]
    private var inputEnded = false
    private var finish: (() -> Void)?

    /// Silent, like the SDK's own transports unless given a logger.
    public nonisolated let logger = Logger(label: "htl.mcp.transport", factory: { _ in SwiftLogNoOpLogHandler() })

    public init(_ inner: any Transport) {
        self.inner = inner
    }

    public func connect() async throws {
        try await inner.connect()
    }

    public func disconnect() async {
        await inner.disconnect()
    }

    public func send(_ data: Data) async throws {
        // An answer that cannot be written (the client is gone) is not waited for either.
        defer {
            if let envelope = Self.envelope(data), envelope.method == nil, let id = envelope.id { answered(id) }
        }
        try await inner.send(data)
    }

    public func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let (stream, continuation) = AsyncThrowingStream<Data, Swift.Error>.makeStream()
        finish = { continuation.finish() }
        let source = inner
        Task {
            do {
                for try await data in await source.receive() {
                    self.received(data)
                    continuation.yield(data)
                }
            } catch {
                continuation.finish(throwing: error)
                return
            }
            self.endOfInput()
        }
        return stream
    }

    private func received(_ data: Data) {
        // A message with a result or an error is read as an answer to the
        // server, even with a method: the SDK answers nothing to it.
        guard let envelope = Self.envelope(data), let method = envelope.method, !envelope.hasOutcome else { return }
        if let id = envelope.id {
            unanswered[id, default: 0] += 1
        } else if method == "notifications/cancelled", let id = envelope.cancelledID {
            // A cancelled request is never answered (MCP): nothing to wait for.
            unanswered[id] = nil
            finishIfDone()
        }
    }

    private func answered(_ id: ID) {
        guard let count = unanswered[id] else { return }
        unanswered[id] = count > 1 ? count - 1 : nil
        finishIfDone()
    }

    private func endOfInput() {
        inputEnded = true
        finishIfDone()
    }

    private func finishIfDone() {
        guard inputEnded, unanswered.isEmpty else { return }
        finish?()
        finish = nil
    }

    /// The id and method of one JSON-RPC message, whether it carries a
    /// result or an error, and the request a `notifications/cancelled`
    /// names (a batch has none of them: it is answered before the next
    /// message is read).
    private struct Envelope {
        var id: ID?
        var method: String?
        var hasOutcome = false
        var cancelledID: ID?
    }

    private static func envelope(_ data: Data) -> Envelope? {
        guard case .object(let members)? = try? JSONParser.parse(Array(data)) else { return nil }
        var envelope = Envelope()
        for (key, value) in members {
            switch (key, value) {
            case ("id", _): envelope.id = id(value)
            case ("method", .string(let method)): envelope.method = method
            case ("result", _), ("error", _): envelope.hasOutcome = true
            case ("params", .object(let params)):
                envelope.cancelledID = params.first { $0.0 == "requestId" }.flatMap { id($0.1) }
            default: break
            }
        }
        return envelope
    }

    private static func id(_ value: JSON) -> ID? {
        switch value {
        case .string(let text): return .string(text)
        case .number(let text): return Int(text).map(ID.number)
        default: return nil
        }
    }
}
