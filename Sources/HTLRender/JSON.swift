import HTLCheck
import HTLCore
import HTLLoad
import HTLModel
import HTLProgress

/// A JSON value whose objects keep their keys in the order given, so every
/// document htl prints has the fixed key order of CLI.md.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number already in its JSON text form (exact decimals stay exact).
    case number(String)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    package static func int(_ value: Int) -> JSON { .number(String(value)) }
    package static func decimal(_ value: ExactDecimal) -> JSON { .number(value.description) }
    package static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
    public static func date(_ value: CivilDate?) -> JSON { value.map { .string($0.description) } ?? .null }

    /// Compact, no spaces and no final newline: how LSP messages are sent.
    package func compact() -> String {
        var out = ""
        writeCompact(into: &out)
        return out
    }

    private func writeCompact(into out: inout String) {
        switch self {
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.writeCompact(into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, pair) in pairs.enumerated() {
                if i > 0 { out += "," }
                JSON.escape(pair.0, into: &out)
                out += ":"
                pair.1.writeCompact(into: &out)
            }
            out += "}"
        default:
            write(into: &out, indent: 0)
        }
    }

    /// Pretty-printed with two-space indentation and a final newline.
    package func serialized() -> String {
        var out = ""
        write(into: &out, indent: 0)
        out += "\n"
        return out
    }

    func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): JSON.escape(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            if items.allSatisfy(\.isScalar) {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += ", " }
                    item.write(into: &out, indent: indent)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += JSON.spaces(indent + 2)
                item.write(into: &out, indent: indent + 2)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += JSON.spaces(indent) + "]"
        case .object(let pairs):
            if pairs.isEmpty {
                out += "{}"
                return
            }
            out += "{\n"
            for (i, pair) in pairs.enumerated() {
                out += JSON.spaces(indent + 2)
                JSON.escape(pair.0, into: &out)
                out += ": "
                pair.1.write(into: &out, indent: indent + 2)
                out += i + 1 < pairs.count ? ",\n" : "\n"
            }
            out += JSON.spaces(indent) + "}"
        }
    }

    private static let indents = (0..<16).map { String(repeating: " ", count: $0 * 2) }

    static func spaces(_ n: Int) -> String {
        n / 2 < indents.count ? indents[n / 2] : String(repeating: " ", count: n)
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    static func escape(_ s: String, into out: inout String) {
        out += "\""
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // C0, DEL, C1 and the line separators as \u escapes: a JSON
                // document printed to a terminal cannot drive it either.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// Writes one large JSON document in pieces, in the same layout as
/// `JSON.serialized()`: the top-level object's arrays are written element by
/// element and handed to `sink` in chunks, so memory stays bounded by one
/// element, not the document.
package struct JSONStream {
    private var buffer = ""
    private let sink: (String) -> Void
    private var fields = 0
    static let chunk = 1 << 16

    public init(sink: @escaping (String) -> Void) {
        self.sink = sink
        buffer.reserveCapacity(JSONStream.chunk + 4096)
        buffer += "{\n"
    }

    /// A field of the top-level object whose value is a small JSON value.
    package mutating func field(_ name: String, _ value: JSON) {
        startField(name)
        value.write(into: &buffer, indent: 2)
    }

    /// A field of the top-level object whose value is an array of objects,
    /// written as they are produced.
    package mutating func arrayField<S: Sequence>(_ name: String, _ items: S, _ element: (S.Element) -> JSON) {
        startField(name)
        var any = false
        for item in items {
            buffer += any ? ",\n" : "[\n"
            any = true
            buffer += JSON.spaces(4)
            element(item).write(into: &buffer, indent: 4)
            if buffer.utf8.count >= JSONStream.chunk { flush() }
        }
        buffer += any ? "\n" + JSON.spaces(2) + "]" : "[]"
    }

    /// Closes the document and hands over the rest.
    public mutating func finish() {
        buffer += fields > 0 ? "\n}\n" : "}\n"
        flush()
    }

    private mutating func startField(_ name: String) {
        if fields > 0 { buffer += ",\n" }
        fields += 1
        buffer += JSON.spaces(2)
        JSON.escape(name, into: &buffer)
        buffer += ": "
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
