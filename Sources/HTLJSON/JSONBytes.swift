import HTLCore

/// The bytes of a JSON document being written, appended to a `ByteBuffer`
/// (each append makes its own room: nothing is counted beforehand). A
/// string that needs no escape (nearly all of them) is copied whole.
public struct JSONBytes: ~Copyable, Sendable {
    private var buffer = ByteBuffer()

    package init() {}

    /// The bytes written so far, as an array (a copy).
    package var bytes: [UInt8] { buffer.array }

    /// The bytes written so far, read in place.
    package func withBytes<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R {
        try buffer.withBytes(body)
    }
    package var count: Int { buffer.count }
    package var isEmpty: Bool { buffer.isEmpty }

    package mutating func reserveCapacity(_ capacity: Int) { buffer.reserveCapacity(capacity) }
    package mutating func removeAll() { buffer.removeAll() }

    /// The document as text (every byte written is UTF-8).
    package var text: String { withBytes { RawBytes.string($0) } }

    /// Literal JSON syntax.
    package mutating func append(_ literal: StaticString) {
        buffer.append(literal)
    }

    /// Bytes already in their JSON form (a piece written before).
    package mutating func append(bytes: Span<UInt8>) {
        buffer.append(bytes)
    }

    /// Text already in its JSON form (a number).
    package mutating func append(text: String) {
        buffer.append(text.utf8.span)
    }

    package mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        buffer.append(repeating: UInt8(ascii: " "), count: count)
    }

    /// An integer's decimal digits, written in place (no String per number).
    package mutating func append(_ value: Int) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        digits(value.magnitude)
    }

    /// A decimal as a JSON number, as `ExactDecimal.description` spells it
    /// (`-12.5`, `3`, `0.000001`), written in place.
    package mutating func append(_ value: ExactDecimal) {
        let magnitude = value.millionths.magnitude
        // In 64 bits when it fits (up to 18 trillion): a 128-bit division
        // is a call to a routine of its own, and this is done per quantity.
        let whole: UInt
        var fraction: UInt
        if magnitude <= UInt128(UInt64.max) {
            let small = UInt64(magnitude)
            let scale: UInt64 = 1_000_000  // ExactDecimal.scale, as a literal the division is a multiplication by
            (whole, fraction) = (UInt(small / scale), UInt(small % scale))
        } else {
            let scale = UInt128(ExactDecimal.scale)
            guard magnitude / scale <= UInt128(UInt.max) else { return append(text: value.description) }
            (whole, fraction) = (UInt(magnitude / scale), UInt(magnitude % scale))
        }
        if value.millionths < 0 { buffer.append(UInt8(ascii: "-")) }
        digits(whole)
        guard fraction != 0 else { return }
        var width = ExactDecimal.fractionDigits
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        buffer.append(UInt8(ascii: "."))
        digits(fraction, width: width)
    }

    /// A time of day as a JSON string, `"HH:MM"`.
    package mutating func appendQuoted(_ time: ClockTime) {
        buffer.append(UInt8(ascii: "\""))
        digits(UInt(max(0, time.minuteOfDay / 60)), width: 2)
        buffer.append(UInt8(ascii: ":"))
        digits(UInt(max(0, time.minuteOfDay % 60)), width: 2)
        buffer.append(UInt8(ascii: "\""))
    }

    /// A date as a JSON string, `"YYYY-MM-DD"`; a year outside 0...9999 as
    /// `CivilDate.description` spells it.
    package mutating func appendQuoted(_ date: CivilDate) {
        let (year, month, day) = date.parts
        guard (0...9999).contains(year) else { return appendQuoted(date.description) }
        buffer.append(UInt8(ascii: "\""))
        digits(UInt(year), width: 4)
        buffer.append(UInt8(ascii: "-"))
        digits(UInt(month), width: 2)
        buffer.append(UInt8(ascii: "-"))
        digits(UInt(day), width: 2)
        buffer.append(UInt8(ascii: "\""))
    }

    /// `value`'s decimal digits, zero-padded to `width` (at most 20).
    private mutating func digits(_ value: UInt, width: Int = 1) {
        var count = 1
        var limit: UInt = 10
        while count < 20, value >= limit {
            count += 1
            limit &*= 10
        }
        count = max(count, min(width, 20))
        var digits = InlineArray<20, UInt8>(repeating: UInt8(ascii: "0"))
        var v = value
        for i in stride(from: count - 1, through: 0, by: -1) {
            digits[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
        }
        buffer.append(digits.span.extracting(0..<count))
    }

    // MARK: Pretty layout: two spaces per level, one member per line

    /// Before element `index` of an array opened at `indent`.
    package mutating func element(_ index: Int, indent: Int) {
        if index != 0 { buffer.append(UInt8(ascii: ",")) }
        buffer.append(UInt8(ascii: "\n"))
        appendSpaces(max(indent + 2, 0))
    }

    /// Before the value of member `index` of an object opened at `indent`.
    package mutating func key(_ name: String, at index: Int, indent: Int) {
        element(index, indent: indent)
        appendQuoted(name)
        append(": ")
    }

    /// The same for a member name htl spells itself (ASCII letters and
    /// underscores: nothing to escape, so nothing to look at).
    package mutating func key(literal name: StaticString, at index: Int, indent: Int) {
        element(index, indent: indent)
        append("\"")
        append(name)
        append("\": ")
    }

    /// `key` for a name spelled in the source: no escape needed.
    package mutating func key(_ name: StaticString, at index: Int, indent: Int) {
        key(literal: name, at: index, indent: indent)
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

    // MARK: Strings

    /// `value` as a JSON string.
    package mutating func appendQuoted(_ value: String) {
        appendQuoted(bytes: value.utf8.span)
    }

    /// `utf8` (valid UTF-8) as a JSON string: copied whole when nothing in it
    /// needs an escape (nearly always). C0, DEL, C1 and the line separators
    /// are written as `\u` escapes: a JSON document printed to a terminal
    /// cannot drive it either.
    package mutating func appendQuoted(bytes utf8: Span<UInt8>) {
        buffer.append(UInt8(ascii: "\""))
        if JSONBytes.mayNeedEscape(utf8) { escaped(utf8) } else { buffer.append(utf8) }
        buffer.append(UInt8(ascii: "\""))
    }

    private mutating func escaped(_ utf8: Span<UInt8>) {
        var i = 0
        while i < utf8.count {
            let b = utf8[i]
            switch b {
            case 0x22: append("\\\"")
            case 0x5C: append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20, 0x7F: unicodeEscape(UInt(b))
            case 0xC2 where i + 1 < utf8.count && (0x80...0x9F).contains(utf8[i + 1]):
                // C1: U+0080-U+009F.
                unicodeEscape(UInt(utf8[i + 1]))
                i += 1
            case 0xE2 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9):
                // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR.
                unicodeEscape(utf8[i + 2] == 0xA8 ? 0x2028 : 0x2029)
                i += 2
            default: buffer.append(b)
            }
            i += 1
        }
    }

    /// `\uXXXX`, lowercase hex.
    private mutating func unicodeEscape(_ value: UInt) {
        append("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            let nibble = UInt8((value >> UInt(shift)) & 0xF)
            buffer.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
    }

    /// A byte that starts a character JSON or a terminal needs escaped:
    /// C0, `"`, `\`, DEL, and the lead bytes of C1 (0xC2) and of U+2028/9 (0xE2).
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    /// Whether any byte of `utf8` may need an escape, eight bytes at a time.
    static func mayNeedEscape(_ utf8: Span<UInt8>) -> Bool {
        var i = 0
        while i + 8 <= utf8.count {
            let w = RawBytes.word(utf8, i)
            let found =
                ByteWords.controls(w) | ByteWords.equal(w, 0x22) | ByteWords.equal(w, 0x5C) | ByteWords.equal(w, 0x7F)
                | ByteWords.equal(w, 0xC2) | ByteWords.equal(w, 0xE2)
            if found != 0 { return true }
            i += 8
        }
        while i < utf8.count {
            if mayNeedEscape(utf8[i]) { return true }
            i += 1
        }
        return false
    }
}
