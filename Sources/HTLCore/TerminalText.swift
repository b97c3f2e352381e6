/// User text (titles, descriptions, file names) made safe for a terminal
/// (CLI.md "Conventions"): control characters never reach it raw. C0 except
/// tab, DEL, C1, line and paragraph separators, and the bidirectional
/// embedding, override and isolate characters are shown as escapes (`\e`,
/// `\n`, `\u{7}`, `\u{9B}`, `\u{202E}`), so a title cannot retitle the
/// window, clear the screen or reorder what is printed around it.
public enum TerminalText {
    public static func escaped(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            append(scalar, to: &out)
        }
        return out
    }

    /// Text from outside (an id, a key) quoted for a message: escaped as
    /// above (so on one line), cut at `limit` characters with `…`.
    package static func quoted(_ text: String, limit: Int = 80) -> String {
        let cut = !text.unicodeScalars.dropFirst(limit).isEmpty
        return "'" + escaped(String(text.unicodeScalars.prefix(limit))) + (cut ? "…" : "") + "'"
    }

    /// Raw bytes (a file name that is not UTF-8): valid sequences as text,
    /// each invalid byte as `\xNN`, control characters escaped.
    public static func escapedBytes(_ bytes: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bytes.count {
            let length = UTF8Validation.sequenceLength(bytes.span, at: i)
            if length == 0 {
                out += "\\x" + hex(bytes[i])
                i += 1
                continue
            }
            for scalar in String(decoding: bytes[i..<(i + length)], as: UTF8.self).unicodeScalars {
                append(scalar, to: &out)
            }
            i += length
        }
        return out
    }

    /// Whether a scalar is shown escaped.
    package static func isShownEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String) {
        guard isShownEscaped(scalar) else {
            out.unicodeScalars.append(scalar)
            return
        }
        switch scalar.value {
        case 0x1B: out += "\\e"
        case 0x0A: out += "\\n"
        case 0x0D: out += "\\r"
        default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// A byte scan that finds nothing in the common case without decoding.
    static func needsEscaping(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        while let b = utf8.next() {
            if b < 0x20, b != 0x09 { return true }
            if b == 0x7F { return true }
            if previous == 0xC2, b >= 0x80, b <= 0x9F { return true }
            if beforePrevious == 0xE2, previous == 0x80, b >= 0xA8, b <= 0xAE { return true }
            if beforePrevious == 0xE2, previous == 0x81, b >= 0xA6, b <= 0xA9 { return true }
            beforePrevious = previous
            previous = b
        }
        return false
    }
}
