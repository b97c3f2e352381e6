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
    package var isEmpty: Bool { buffer.isEmpty }

    package mutating func reserveCapacity(_ capacity: Int) { buffer.reserveCapacity(capacity) }
    package mutating func removeAll() { buffer.removeAll() }

    /// The document as text (every byte written is UTF-8).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Literal JSON syntax.
    package mutating func append(_ literal: StaticString) {
        buffer.append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// `value`'s decimal digits at `p`, zero-padded to `width`; returns how many.
    @inline(__always) @discardableResult
    private static func writeDigits(_ value: UInt, width: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        count = max(count, width)
        var v = value
        for i in stride(from: count - 1, through: 0, by: -1) {
            p[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
        }
        return count
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
        buffer.append(room: 21) { p in
            if value < 0 { p[0] = UInt8(ascii: "-") }
            let sign = value < 0 ? 1 : 0
            return sign + JSONBytes.writeDigits(value.magnitude, width: 1, at: p + sign)
        }
    }

    /// A decimal as a JSON number, as `ExactDecimal.description` spells it
    /// (`-12.5`, `3`, `0.000001`), written in place.
    package mutating func append(_ value: ExactDecimal) {
        let magnitude = value.millionths.magnitude
        let scale = UInt128(ExactDecimal.scale)
        guard magnitude / scale <= UInt128(UInt.max) else { return append(text: value.description) }
        buffer.append(room: 48) { p in
            var n = 0
            if value.millionths < 0 {
                p[0] = UInt8(ascii: "-")
                n = 1
            }
            n += JSONBytes.writeDigits(UInt(magnitude / scale), width: 1, at: p + n)
            var fraction = UInt(magnitude % scale)
            guard fraction != 0 else { return n }
            var digits = ExactDecimal.fractionDigits
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            p[n] = UInt8(ascii: ".")
            return n + 1 + JSONBytes.writeDigits(fraction, width: digits, at: p + n + 1)
        }
    }

    /// A time of day as a JSON string, `"HH:MM"`, written in place.
    package mutating func appendQuoted(_ time: ClockTime) {
        buffer.append(room: 32) { p in
            p[0] = UInt8(ascii: "\"")
            var n = 1 + JSONBytes.writeDigits(UInt(max(0, time.minuteOfDay / 60)), width: 2, at: p + 1)
            p[n] = UInt8(ascii: ":")
            n += 1 + JSONBytes.writeDigits(UInt(max(0, time.minuteOfDay % 60)), width: 2, at: p + n + 1)
            p[n] = UInt8(ascii: "\"")
            return n + 1
        }
    }

    /// A date as a JSON string, `"YYYY-MM-DD"`, written in place.
    package mutating func appendQuoted(_ date: CivilDate) {
        let (year, month, day) = date.parts
        guard (0...9999).contains(year) else { return appendQuoted(date.description) }
        buffer.append(room: 16) { p in
            p[0] = UInt8(ascii: "\"")
            JSONBytes.writeDigits(UInt(year), width: 4, at: p + 1)
            p[5] = UInt8(ascii: "-")
            JSONBytes.writeDigits(UInt(month), width: 2, at: p + 6)
            p[8] = UInt8(ascii: "-")
            JSONBytes.writeDigits(UInt(day), width: 2, at: p + 9)
            p[11] = UInt8(ascii: "\"")
            return 12
        }
    }

    // MARK: Pretty layout: two spaces per level, one member per line

    /// Before element `index` of an array opened at `indent`.
    package mutating func element(_ index: Int, indent: Int) {
        let spaces = max(indent + 2, 0)
        buffer.append(room: spaces + 2) { JSONBytes.writeSeparator(index, spaces: spaces, at: $0) }
    }

    /// `,` unless first, a line break and `spaces` blanks at `p`; returns how many bytes.
    @inline(__always)
    private static func writeSeparator(_ index: Int, spaces: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        if index != 0 {
            p[0] = UInt8(ascii: ",")
            n = 1
        }
        p[n] = UInt8(ascii: "\n")
        (p + n + 1).initialize(repeating: UInt8(ascii: " "), count: spaces)
        return n + 1 + spaces
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
        let spaces = max(indent + 2, 0)
        let count = name.utf8CodeUnitCount
        buffer.append(room: spaces + count + 6) { p in
            var n = JSONBytes.writeSeparator(index, spaces: spaces, at: p)
            p[n] = UInt8(ascii: "\"")
            (p + n + 1).initialize(from: name.utf8Start, count: count)
            n += 1 + count
            p[n] = UInt8(ascii: "\"")
            p[n + 1] = UInt8(ascii: ":")
            p[n + 2] = UInt8(ascii: " ")
            return n + 3
        }
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

    /// Strings as an array on one line, as scalar arrays are written.
    package mutating func appendStrings<S: Sequence<String>>(_ values: S) {
        append("[")
        for (i, value) in values.enumerated() {
            if i > 0 { append(", ") }
            appendQuoted(value)
        }
        append("]")
    }

    /// `value` as a JSON string. C0, DEL, C1 and the line separators are
    /// written as `\u` escapes: a JSON document printed to a terminal cannot
    /// drive it either.
    package mutating func appendQuoted(_ value: String) {
        var value = value
        buffer.append(UInt8(ascii: "\""))
        let plain = value.withUTF8 { utf8 -> Bool in
            guard !JSONBytes.mayNeedEscape(utf8) else { return false }
            buffer.append(utf8)
            return true
        }
        if !plain {
            for scalar in value.unicodeScalars { appendEscaped(scalar) }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// An action's description as a JSON string, from its bytes (no String
    /// is made unless a character needs an escape).
    package mutating func appendQuoted(_ text: ActionText) {
        let plain = text.withBytes { utf8 -> Bool in
            guard !JSONBytes.mayNeedEscape(utf8) else { return false }
            buffer.append(UInt8(ascii: "\""))
            buffer.append(utf8)
            buffer.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { appendQuoted(text.string) }
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

    private mutating func appendEscaped(_ scalar: Unicode.Scalar) {
        switch scalar {
        case "\"": append("\\\"")
        case "\\": append("\\\\")
        case "\n": append("\\n")
        case "\r": append("\\r")
        case "\t": append("\\t")
        default:
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
                let hex = String(value, radix: 16)
                append(text: "\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            } else {
                for byte in UTF8.encode(scalar)! { buffer.append(byte) }
            }
        }
    }
}
