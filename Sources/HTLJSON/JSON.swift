import HTLCore
import Synchronization

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
    /// An object that writes its own bytes, pretty-printed at the indent it
    /// is given (so a million actions are not built as trees first). Pretty
    /// documents only: compact ones (language server messages) never hold one.
    case writtenObject(@Sendable (inout JSONBytes, _ indent: Int) -> Void)

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    package static func int(_ value: Int) -> JSON { .number(String(value)) }
    package static func decimal(_ value: ExactDecimal) -> JSON { .number(value.description) }
    package static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
    public static func date(_ value: CivilDate?) -> JSON { value.map { .string($0.description) } ?? .null }

    /// Compact, no spaces and no final newline: how LSP messages are sent.
    package func compact() -> String {
        var out = JSONBytes()
        writeCompact(into: &out)
        return out.text
    }

    private func writeCompact(into out: inout JSONBytes) {
        switch self {
        case .array(let items):
            out.append("[")
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(",") }
                item.writeCompact(into: &out)
            }
            out.append("]")
        case .object(let pairs):
            out.append("{")
            for (i, pair) in pairs.enumerated() {
                if i > 0 { out.append(",") }
                out.appendQuoted(pair.0)
                out.append(":")
                pair.1.writeCompact(into: &out)
            }
            out.append("}")
        default:
            write(into: &out, indent: 0)
        }
    }

    /// Pretty-printed with two-space indentation and a final newline.
    package func serialized() -> String {
        var out = JSONBytes()
        write(into: &out, indent: 0)
        out.append("\n")
        return out.text
    }

    func write(into out: inout JSONBytes, indent: Int) {
        switch self {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .number(let n): out.append(text: n)
        case .string(let s): out.appendQuoted(s)
        case .array(let items):
            if items.isEmpty {
                out.append("[]")
                return
            }
            if items.allSatisfy(\.isScalar) {
                out.append("[")
                for (i, item) in items.enumerated() {
                    if i > 0 { out.append(", ") }
                    item.write(into: &out, indent: indent)
                }
                out.append("]")
                return
            }
            out.append("[")
            for (i, item) in items.enumerated() {
                out.element(i, indent: indent)
                item.write(into: &out, indent: indent + 2)
            }
            out.close("]", count: items.count, indent: indent)
        case .object(let pairs):
            out.append("{")
            for (i, pair) in pairs.enumerated() {
                out.key(pair.0, at: i, indent: indent)
                pair.1.write(into: &out, indent: indent + 2)
            }
            out.close("}", count: pairs.count, indent: indent)
        case .writtenObject(let write):
            write(&out, indent)
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object, .writtenObject: return false
        default: return true
        }
    }
}

/// Writes one large JSON document in pieces, in the same layout as
/// `JSON.serialized()`: the top-level object's arrays are written element by
/// element and handed to `sink` in chunks, so memory stays bounded by one
/// element, not the document.
package struct JSONStream: ~Copyable {
    private var buffer = JSONBytes()
    private let sink: (Span<UInt8>) -> Void
    private var fields = 0
    static let chunk = 1 << 16

    public init(sink: @escaping (Span<UInt8>) -> Void) {
        self.sink = sink
        buffer.reserveCapacity(JSONStream.chunk + 4096)
        buffer.append("{")
    }

    /// A field of the top-level object whose value is a small JSON value.
    package mutating func field(_ name: String, _ value: JSON) {
        startField(name)
        value.write(into: &buffer, indent: 2)
    }

    /// A field of the top-level object whose value is an array of objects,
    /// written as they are produced.
    package mutating func arrayField<S: Sequence>(_ name: String, _ items: S, _ element: (S.Element) -> JSON) {
        arrayField(name, items) { item, out in element(item).write(into: &out, indent: 4) }
    }

    /// An array field whose elements write their own bytes at indent 4.
    package mutating func arrayField<S: Sequence>(
        _ name: String, _ items: S, writing element: (S.Element, inout JSONBytes) -> Void
    ) {
        startField(name)
        buffer.append("[")
        var count = 0
        for item in items {
            buffer.element(count, indent: 2)
            count += 1
            element(item, &buffer)
            if buffer.count >= JSONStream.chunk { flush() }
        }
        buffer.close("]", count: count, indent: 2)
    }

    /// An array field of `count` elements, each written by `element` from
    /// its position alone: runs of them on every core at once, handed over
    /// in order (memory stays bounded by one batch of runs).
    package mutating func arrayField(
        _ name: String, count: Int, inParallel element: @Sendable (Int, inout JSONBytes) -> Void
    ) {
        arrayField(name, count: count) { run, out in
            for i in run {
                out.element(i, indent: 2)
                element(i, &out)
            }
        }
    }

    /// An array field of `count` elements written a run at a time by
    /// `run`, which writes each element and the separator before it
    /// (`JSONBytes.element(_:indent:)` at indent 2), on every core at once.
    package mutating func arrayField(
        _ name: String, count: Int, inParallelRuns run: @Sendable (Range<Int>, inout JSONBytes) -> Void
    ) {
        startField(name)
        buffer.append("[")
        let batch = 8 * 1024
        // One buffer per run of a batch, kept from batch to batch (each
        // job writes only its own, under a lock nobody else takes then).
        let pieces = (0..<Parallel.slices(min(batch, count)).count).map { _ in Piece() }
        for first in stride(from: 0, to: count, by: batch) {
            let runs = Parallel.slices(min(batch, count - first)).map {
                ($0.lowerBound + first)..<($0.upperBound + first)
            }
            _ = Parallel.map(runs.count) { k in
                pieces[k].bytes.withLock { out in
                    out.removeAll()
                    run(runs[k], &out)
                }
            }
            flush()
            for k in runs.indices { pieces[k].bytes.withLock { $0.withBytes(sink) } }
        }
        buffer.close("]", count: count, indent: 2)
    }

    /// The bytes one job of a batch writes.
    private final class Piece: Sendable {
        let bytes = Mutex(JSONBytes())
    }

    /// Closes the document and hands over the rest.
    public mutating func finish() {
        buffer.close("}", count: fields, indent: 0)
        buffer.append("\n")
        flush()
    }

    private mutating func startField(_ name: String) {
        buffer.key(name, at: fields, indent: 0)
        fields += 1
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withBytes(sink)
        buffer.removeAll()
    }
}
