import Dispatch
import Glibc
import HTLCore
import HTLJSON
import HTLRender
import HTLSystem
import Logging
import MCP

import struct Foundation.Data

/// MCP's stdio transport: one JSON-RPC message per line on standard input
/// and output.
///
/// - Each message is written whole before the next one starts: writes go
///   through one serial queue and a message is written to its last byte
///   (a pipe takes a long message in pieces) before the queue moves on,
///   however many requests are answered at once.
/// - Input is read by a thread of its own with blocking reads (no polling
///   loop), and split into lines in time linear in its length: each byte is
///   looked at once.
/// - A line longer than `maximumMessage` is not kept: its bytes are
///   dropped as they arrive and it is answered with a JSON-RPC error (for
///   the request id its first bytes give, else null).
public actor LineTransport: Transport {
    /// The longest message read (docs/ASSISTANTS.md): a tool call is a few
    /// hundred bytes; this leaves room for long texts, not for a flood.
    public static let maximumMessage = 1 << 20

    public nonisolated let logger = Logger(label: "htl.mcp.stdio", factory: { _ in SwiftLogNoOpLogHandler() })

    private let input: Int32
    private let output: Int32
    private let writes = DispatchQueue(label: "htl.mcp.write")
    private let messages: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    private var started = false

    public init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
        (messages, continuation) = AsyncThrowingStream<Data, Swift.Error>.makeStream()
    }

    public func connect() async throws {
        guard !started else { return }
        started = true
        let (input, output, writes, continuation) = (self.input, self.output, self.writes, self.continuation)
        // A queue of its own for the loop that blocks in read(), so that it
        // never holds one of the few threads Swift's tasks run on.
        DispatchQueue(label: "htl.mcp.read").async {
            var lines = LineSplitter(limit: LineTransport.maximumMessage)
            while let bytes = LineTransport.read(input) {
                for piece in lines.append(bytes[...]) {
                    switch piece {
                    case .message(let bytes):
                        continuation.yield(Data(bytes))
                    case .tooLong(let start, let length):
                        // Written before anything after it is read, so it is out before
                        // the end of input can end the server.
                        let refusal = LineTransport.refusal(start: start, length: length)
                        writes.sync { _ = LineTransport.writeAll(output, refusal) }
                    }
                }
            }
            continuation.finish()
        }
    }

    public func disconnect() async {
        continuation.finish()
    }

    public func send(_ data: Data) async throws {
        let bytes = [UInt8](data) + [0x0A]
        let (output, writes) = (self.output, self.writes)
        let failure: Int32? = await withCheckedContinuation { done in
            writes.async { done.resume(returning: LineTransport.writeAll(output, bytes)) }
        }
        if let failure {
            if failure == EPIPE { throw MCPError.connectionClosed }
            throw MCPError.transportError(
                HTLError("cannot write to standard output: \(String(cString: strerror(failure)))"))
        }
    }

    public func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        messages
    }

    /// The next bytes of `fd`; nil at its end or on an error. Waits in
    /// `poll` when the descriptor was left non-blocking.
    static func read(_ fd: Int32) -> [UInt8]? {
        while true {
            let read = FileSystem.readOnce(fd, count: 1 << 16)
            if let read { return read.isEmpty ? nil : read }
            switch errno {
            case EINTR: continue
            case EAGAIN: wait(fd, for: POLLIN)
            default: return nil
            }
        }
    }

    /// Writes every byte (a pipe may take fewer than asked, or none for a
    /// while); the errno of a failure, nil when all was written.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = FileSystem.writeOnce(bytes, from: done, to: fd)
            if n > 0 {
                done += n
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN: wait(fd, for: POLLOUT)
            default: return errno
            }
        }
        return nil
    }

    private static func wait(_ fd: Int32, for event: Int32) {
        var ready = [pollfd(fd: fd, events: Int16(event), revents: 0)]
        _ = poll(&ready, 1, -1)
    }

    /// The error answering a line too long to read, with the id its first bytes give.
    static func refusal(start: [UInt8], length: Int) -> [UInt8] {
        let message =
            "the message is \(length) bytes long, more than the \(maximumMessage) htl mcp reads; it was not read"
        let answer = JSON.object([
            ("jsonrpc", .string("2.0")), ("id", LineSplitter.requestID(in: start) ?? .null),
            ("error", .object([("code", .int(-32600)), ("message", .string(message))])),
        ])
        return Array(answer.compact().utf8) + [0x0A]
    }
}
