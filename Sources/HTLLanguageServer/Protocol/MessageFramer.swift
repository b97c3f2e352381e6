import HTLJSON
import HTLRender

/// LSP's base protocol: each message is `Content-Length: N` (and optional
/// other headers), a blank line, then N bytes of JSON. Bytes arrive in any
/// pieces; `next()` yields whole bodies in order.
public struct MessageFramer {
    public enum Failure: Error, Equatable {
        /// A header block without a usable Content-Length: the stream cannot be resynchronised.
        case badHeader(String)
        case tooLarge(Int)
    }

    /// Larger than any ledger file an editor would send whole (and than
    /// htl reads: files are capped at 64 MiB).
    public static let maximumLength = 80 << 20

    private var buffer: [UInt8] = []
    private var start = 0

    public init() {}

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message body, nil until one has arrived.
    public mutating func next() throws(Failure) -> [UInt8]? {
        guard let end = headerEnd() else {
            if buffer.count - start > 8192 { throw .badHeader("no blank line after 8 KiB of headers") }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: " \t"))
            }
        }
        guard let length, length >= 0 else { throw .badHeader(header) }
        guard length <= MessageFramer.maximumLength else { throw .tooLarge(length) }
        let bodyStart = end + 4
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        if start > 1 << 16, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return body
    }

    /// The offset of the `\r\n\r\n` ending the headers.
    private func headerEnd() -> Int? {
        var j = start
        while j + 3 < buffer.count {
            if buffer[j] == 0x0D, buffer[j + 1] == 0x0A, buffer[j + 2] == 0x0D, buffer[j + 3] == 0x0A { return j }
            j += 1
        }
        return nil
    }

    /// A body framed for sending.
    public static func frame(_ body: String) -> [UInt8] {
        let bytes = Array(body.utf8)
        return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var s = self
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return s
    }
}
