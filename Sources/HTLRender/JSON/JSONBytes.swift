import HTLCore
import HTLModel

/// The bytes of a JSON document being written: appends are byte copies, and
/// a string that needs no escape (nearly all of them) is copied whole.
public struct JSONBytes {
    private var buffer = ByteBuffer()

    package init() {}

    /// The bytes written so far (a copy).
    package var bytes: [UInt8] { buffer.array }
    package var count: Int { buffer.count }

    /// The bytes written so far, read in place.
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try buffer.withBytes(body)
    }
    package var isEmpty: Bool { buffer.isEmpty }

    package mutating func reserveCapacity(_ capacity: Int) { buffer.reserveCapacity(capacity) }
    package mutating func removeAll() { buffer.removeAll() }

    /// The document as text (every byte written is UTF-8).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Literal JSON syntax.
    package mutating func append(_ literal: StaticString) {
        buffer.append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Text already in its JSON form (a number).
    package mutating func append(text: String) {
        var text = text
        text.withUTF8 { buffer.append($0) }
    }

    package mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        buffer.append(room: count) { p in
            p.initialize(repeating: UInt8(ascii: " "), count: count)
            return count
        }
    }

    /// An integer's decimal digits, written in place (no String per number).
    package mutating func append(_ value: Int) {
        buffer.write(room: ByteWriter.intRoom) { $0.int(value) }
    }

    /// A decimal as a JSON number, as `ExactDecimal.description` spells it
    /// (`-12.5`, `3`, `0.000001`), written in place.
    package mutating func append(_ value: ExactDecimal) {
        buffer.write(room: ByteWriter.decimalRoom) { $0.decimal(value) }
    }

    /// A time of day as a JSON string, `"HH:MM"`, written in place.
    package mutating func appendQuoted(_ time: ClockTime) {
        buffer.write(room: ByteWriter.timeRoom) { $0.quoted(time) }
    }

    /// A date as a JSON string, `"YYYY-MM-DD"`, written in place.
    package mutating func appendQuoted(_ date: CivilDate) {
        buffer.write(room: ByteWriter.dateRoom(date)) { $0.quoted(date) }
    }

    /// Bytes a `ByteWriter` writes into `room` reserved for them (an
    /// action of `export`: one reservation, then plain stores).
    mutating func write(room: Int, _ body: (inout ByteWriter) -> Void) {
        buffer.write(room: room, body)
    }

    // MARK: Pretty layout: two spaces per level, one member per line

    /// Before element `index` of an array opened at `indent`.
    package mutating func element(_ index: Int, indent: Int) {
        let spaces = max(indent + 2, 0)
        buffer.write(room: spaces + 2) { $0.separator(index, spaces: spaces) }
    }

    /// Before the value of member `index` of an object opened at `indent`.
    package mutating func key(_ name: String, at index: Int, indent: Int) {
        element(index, indent: indent)
        appendQuoted(name)
        append(": ")
    }

    /// The same for a member name htl spells itself (ASCII letters and
    /// underscores: nothing to escape, so nothing to look at), written in one copy.
    package mutating func key(literal name: StaticString, at index: Int, indent: Int) {
        buffer.write(room: ByteWriter.keyRoom(name, indent: indent)) { $0.key(literal: name, at: index, indent: indent) }
    }

    /// `key` for a name spelled in the source: no escape needed.
    package mutating func key(_ name: StaticString, at index: Int, indent: Int) {
        element(index, indent: indent)
        append("\"")
        append(name)
        append("\": ")
    }

    /// Closes an array or object opened at `indent` that has `count` members:
    /// `[]` and `{}` when empty.
    package mutating func close(_ bracket: StaticString, count: Int, indent: Int) {
        if count > 0 {
            append("\n")
            appendSpaces(indent)
        }
        append(bracket)
    }

    /// `value` as a JSON string (escapes: `ByteWriter.quoted`).
    package mutating func appendQuoted(_ value: String) {
        buffer.write(room: ByteWriter.quotedRoom(value.utf8.count)) { $0.quoted(value) }
    }

    /// An action's description as a JSON string, from its bytes (no String is made).
    package mutating func appendQuoted(_ text: ActionText) {
        text.withBytes { utf8 in buffer.write(room: ByteWriter.quotedRoom(utf8.count)) { $0.quoted(utf8) } }
    }

    /// A byte that starts a character JSON or a terminal needs escaped:
    /// C0, `"`, `\`, DEL, and the lead bytes of C1 (0xC2) and of U+2028/9 (0xE2).
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    /// Whether any byte of `utf8` may need an escape, eight bytes at a time.
    static func mayNeedEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if let base = UnsafeRawPointer(utf8.baseAddress) {
            while i + 8 <= utf8.count {
                let w = ByteWords.load(base, i)
                let found = ByteWords.controls(w) | ByteWords.equal(w, 0x22) | ByteWords.equal(w, 0x5C) | ByteWords.equal(w, 0x7F)
                    | ByteWords.equal(w, 0xC2) | ByteWords.equal(w, 0xE2)
                if found != 0 { return true }
                i += 8
            }
        }
        while i < utf8.count {
            if mayNeedEscape(utf8[i]) { return true }
            i += 1
        }
        return false
    }
}
