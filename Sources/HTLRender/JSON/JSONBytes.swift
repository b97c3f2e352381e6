import HTLCore
import HTLModel

/// The bytes of a JSON document being written: appends are byte copies, and
/// a string that needs no escape (nearly all of them) is copied whole.
public struct JSONBytes {
    package var bytes: [UInt8] = []

    package init() {}

    /// The document as text (every byte written is UTF-8).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Literal JSON syntax.
    package mutating func append(_ literal: StaticString) {
        // Syntax is a few bytes at a time: appended one by one, which is
        // faster than a bulk copy's set-up (export writes millions of them).
        let start = literal.utf8Start
        for i in 0..<literal.utf8CodeUnitCount { bytes.append(start[i]) }
    }

    /// Text already in its JSON form (a number).
    package mutating func append(text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    package mutating func appendSpaces(_ count: Int) {
        for _ in 0..<max(count, 0) { bytes.append(UInt8(ascii: " ")) }
    }

    /// An integer's decimal digits, written in place (no String per number).
    package mutating func append(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, width: 1)
    }

    /// `value` in decimal, zero-padded to at least `width` digits.
    private mutating func appendDigits(_ value: UInt, width: Int) {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        count = max(count, width)
        let end = bytes.count + count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var v = value
        var i = end - 1
        while v > 0 {
            bytes[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
            i -= 1
        }
    }

    /// A date as a JSON string, `"YYYY-MM-DD"`, written in place.
    package mutating func appendQuoted(_ date: CivilDate) {
        let (year, month, day) = date.parts
        guard (0...9999).contains(year) else { return appendQuoted(date.description) }
        bytes.append(UInt8(ascii: "\""))
        appendDigits(UInt(year), width: 4)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(UInt(month), width: 2)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(UInt(day), width: 2)
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: Pretty layout: two spaces per level, one member per line

    /// Before element `index` of an array opened at `indent`.
    package mutating func element(_ index: Int, indent: Int) {
        append(index == 0 ? "\n" : ",\n")
        appendSpaces(indent + 2)
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
        bytes.append(UInt8(ascii: "\""))
        append(name)
        append("\": ")
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
        bytes.append(UInt8(ascii: "\""))
        let plain = value.withUTF8 { utf8 -> Bool in
            guard !JSONBytes.mayNeedEscape(utf8) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !plain {
            for scalar in value.unicodeScalars { appendEscaped(scalar) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// An action's description as a JSON string, from its bytes (no String
    /// is made unless a character needs an escape).
    package mutating func appendQuoted(_ text: ActionText) {
        let plain = text.withBytes { utf8 -> Bool in
            guard !JSONBytes.mayNeedEscape(utf8) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
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
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
    }
}
