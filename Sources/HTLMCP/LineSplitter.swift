import HTLJSON
import HTLRender

/// Bytes as they arrive, split into lines (JSON-RPC messages, without the
/// line break), in time linear in their length: each byte is looked at
/// once, and the buffer drops what it has handed out. A line longer than
/// `limit` is not kept: its first bytes are, to tell the request's id.
struct LineSplitter {
    enum Piece: Equatable {
        case message([UInt8])
        /// A line over the limit: its first bytes and its whole length.
        case tooLong(start: [UInt8], length: Int)
    }

    /// How much of a line over the limit is kept, to find its id.
    static let keptOfTooLong = 4096

    let limit: Int
    private var buffer: [UInt8] = []
    /// Where the current line starts in `buffer`, and how far it was searched.
    private var start = 0
    private var searched = 0
    /// In a line over the limit: its first bytes and its length so far.
    private var dropping: (start: [UInt8], length: Int)?
    /// Bytes looked at for a line break, for the test that holds this linear.
    private(set) var examined = 0

    init(limit: Int) {
        self.limit = limit
    }

    mutating func append(_ bytes: ArraySlice<UInt8>) -> [Piece] {
        var pieces: [Piece] = []
        if var line = dropping {
            let end = bytes.firstIndex(of: 0x0A)
            let part = bytes[..<(end ?? bytes.endIndex)]
            examined += part.count + (end == nil ? 0 : 1)
            line.start += part.prefix(LineSplitter.keptOfTooLong - line.start.count)
            line.length += part.count
            guard let end else {
                dropping = line
                return []
            }
            dropping = nil
            return [.tooLong(start: line.start, length: line.length)] + append(bytes[(end + 1)...])
        }
        buffer.append(contentsOf: bytes)
        while searched < buffer.count {
            examined += 1
            if buffer[searched] == 0x0A {
                let line = Array(buffer[start..<searched])
                if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { pieces.append(.message(line)) }
                start = searched + 1
            }
            searched += 1
        }
        if buffer.count - start > limit {
            dropping = (
                Array(buffer[start..<min(start + LineSplitter.keptOfTooLong, buffer.count)]), buffer.count - start
            )
            start = buffer.count
        }
        // Drop what was handed out once it is most of the buffer (amortised: linear).
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            searched -= start
            start = 0
        }
        return pieces
    }

    /// The id of the request whose first bytes these are: the value of a
    /// top-level `"id"` member, when it is a number or a string that ends
    /// within them.
    static func requestID(in bytes: [UInt8]) -> JSON? {
        var depth = 0
        var i = 0
        var expectingKey = false
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                expectingKey = bytes[i] == UInt8(ascii: "{")
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: ","):
                expectingKey = depth == 1
            case UInt8(ascii: "\""):
                guard let end = stringEnd(bytes, from: i) else { return nil }
                if depth == 1, expectingKey, bytes[(i + 1)..<end] == Array("id".utf8)[...] {
                    return value(after: end + 1, in: bytes)
                }
                expectingKey = false
                i = end
            default:
                break
            }
            i += 1
        }
        return nil
    }

    /// The index of the quote closing the string opened at `open`.
    private static func stringEnd(_ bytes: [UInt8], from open: Int) -> Int? {
        var j = open + 1
        while j < bytes.count {
            if bytes[j] == UInt8(ascii: "\\") {
                j += 2
                continue
            }
            if bytes[j] == UInt8(ascii: "\"") { return j }
            j += 1
        }
        return nil
    }

    /// The number or string after `: ` at `from`.
    private static func value(after from: Int, in bytes: [UInt8]) -> JSON? {
        var j = from
        while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":")].contains(bytes[j]) { j += 1 }
        guard j < bytes.count else { return nil }
        var end = j
        if bytes[j] == UInt8(ascii: "\"") {
            guard let close = stringEnd(bytes, from: j) else { return nil }
            end = close + 1
        } else {
            while end < bytes.count, bytes[end] == UInt8(ascii: "-") || (0x30...0x39).contains(bytes[end]) { end += 1 }
        }
        guard end > j, end < bytes.count || bytes[j] == UInt8(ascii: "\"") else { return nil }
        return try? JSONParser.parse(Array(bytes[j..<end]))
    }
}
