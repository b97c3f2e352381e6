import HTLCore
import HTLModel
import HTLParse

/// Writes YAML scalars in canonical style: plain where every YAML reader
/// (1.1 or 1.2) reads the text back as the same string, else double-quoted.
package enum YAMLScalarWriter {
    package static func text(_ s: String, inFlow: Bool = false) -> String {
        isPlainSafe(s, inFlow: inFlow) ? s : doubleQuoted(s)
    }

    /// `text`, appended to a buffer.
    /// (The bytes are looked at and copied in one visit to the String's
    /// storage: `out += s.utf8` went through the generic sequence append,
    /// hundreds of instructions for a key of five bytes.)
    static func append(_ s: String, inFlow: Bool = false, to out: inout [UInt8]) {
        let bytes = s.utf8.span
        if isPlainSafe(bytes, inFlow: inFlow), !isSpecialWord(bytes) {
            RawBytes.append(bytes, to: &out)
        } else {
            appendUTF8(doubleQuoted(s), to: &out)
        }
    }

    /// A String's bytes, appended in one copy.
    static func appendUTF8(_ s: String, to out: inout [UInt8]) {
        RawBytes.append(s.utf8.span, to: &out)
    }

    static func doubleQuoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{0}": out += "\\0"
            case "\u{85}": out += "\\N"
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            case "\u{FEFF}": out += "\\uFEFF"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\x" + hex(UInt8(scalar.value))
                } else if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\\u" + hex(UInt8(scalar.value >> 8)) + hex(UInt8(scalar.value & 0xFF))
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static let specialWords: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL", "~", "<<", "=",
        ".inf", ".Inf", ".INF", "-.inf", "-.Inf", "-.INF", "+.inf", "+.Inf", "+.INF", ".nan", ".NaN", ".NAN",
    ]
    /// The longest special word, in bytes.
    static let longestSpecialWord = 6

    /// The special words by length, each as its bytes packed into one
    /// number: asked of every short scalar and key, compared without hashing.
    static let specialWordCodes: [[UInt64]] = {
        var codes = [[UInt64]](repeating: [], count: longestSpecialWord + 1)
        for word in specialWords { codes[word.utf8.count].append(ByteWords.packed(word.utf8)) }
        return codes
    }()

    /// Reads the UTF-8 bytes: every character the checks name is ASCII or a
    /// fixed byte sequence, so no decoding is needed.
    static func isPlainSafe(_ s: String, inFlow: Bool) -> Bool {
        isPlainSafe(s.utf8.span, inFlow: inFlow) && !isSpecialWord(s.utf8.span)
    }

    /// One of `specialWords`.
    private static func isSpecialWord(_ bytes: Span<UInt8>) -> Bool {
        guard bytes.count <= longestSpecialWord else { return false }
        var code: UInt64 = 0
        for i in bytes.indices.reversed() { code = code << 8 | UInt64(bytes[i]) }
        return specialWordCodes[bytes.count].contains(code)
    }

    private static func isPlainSafe(_ bytes: Span<UInt8>, inFlow: Bool) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if isBlank(first) || isBlank(last) || isIndicator(first) { return false }
        if bytes.count >= 3,
            (bytes[0] == 0x2D && bytes[1] == 0x2D && bytes[2] == 0x2D)
                || (bytes[0] == 0x2E && bytes[1] == 0x2E && bytes[2] == 0x2E)
        {
            return false
        }
        for i in bytes.indices where mayNeedALook(bytes[i]) && !plainSafeAt(i, bytes, inFlow: inFlow) { return false }
        return !looksLikeNumberOrDate(bytes)
    }

    /// Whether `plainSafeAt` has anything to say about a byte: controls,
    /// DEL, `# , : [ ] { }` and the lead bytes of the characters it names.
    /// Nearly every byte of a key or a value is none of these, and is
    /// passed over by two bit tests instead of a call.
    @inline(__always)
    private static func mayNeedALook(_ b: UInt8) -> Bool {
        if b >= 0x80 { return b == 0xC2 || b == 0xE2 || b == 0xEF }
        let mask = b < 64 ? lowBytesLookedAt : highBytesLookedAt
        return mask & (1 << UInt64(b & 63)) != 0
    }

    /// Bytes 0x00-0x3F `plainSafeAt` looks at: the controls, `#`, `,` and `:`.
    private static var lowBytesLookedAt: UInt64 { 0xFFFF_FFFF | 1 << 0x23 | 1 << 0x2C | 1 << 0x3A }
    /// Bytes 0x40-0x7F it looks at: `[`, `]`, `{`, `}` and DEL.
    private static var highBytesLookedAt: UInt64 {
        1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64) | 1 << (0x7F - 64)
    }

    /// Whether the character starting at `i` (or a continuation byte) may stand there in a plain scalar.
    private static func plainSafeAt(_ i: Int, _ bytes: Span<UInt8>, inFlow: Bool) -> Bool {
        let b = bytes[i]
        switch b {
        case 0x00..<0x20, 0x7F: return false
        case 0x3A: return !(i + 1 == bytes.count || bytes[i + 1] == 0x20)  // ':' before a space or the end
        case 0x23: return !(i > 0 && bytes[i - 1] == 0x20)  // '#' after a space
        case 0x2C, 0x5B, 0x5D, 0x7B, 0x7D: return !inFlow
        case 0xC2: return !(i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]))  // U+0080-U+009F
        case 0xE2:
            // U+2028, U+2029.
            return !(i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9))
        case 0xEF:
            guard i + 2 < bytes.count else { return true }
            return
                !((bytes[i + 1] == 0xBB && bytes[i + 2] == 0xBF)
                || (bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF)))  // U+FEFF, U+FFFE, U+FFFF
        default: return true
        }
    }

    /// Anything a resolver could take for a number, a date or a time.
    private static func looksLikeNumberOrDate(_ span: Span<UInt8>) -> Bool {
        // Short (a scalar of a front matter), so looked at as an array.
        let bytes = RawBytes.array(span)
        var body = bytes[...]
        if let sign = body.first, sign == 0x2B || sign == 0x2D { body = body.dropFirst() }
        guard let lead = body.first, isDigit(lead) || lead == 0x2E else { return false }
        if body.allSatisfy(isNumberCharacter) { return true }
        let digits = body.prefix(4)
        return digits.count == 4 && digits.allSatisfy(isDigit) && body.dropFirst(4).first == 0x2D
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// `- ? : , [ ] { } # & * ! | > ' " % @` and the backquote.
    private static func isIndicator(_ b: UInt8) -> Bool {
        switch b {
        case 0x2D, 0x3F, 0x3A, 0x2C, 0x5B, 0x5D, 0x7B, 0x7D, 0x23, 0x26, 0x2A, 0x21, 0x7C, 0x3E, 0x27, 0x22, 0x25, 0x40,
            0x60:
            return true
        default: return false
        }
    }

    /// Digits, hex letters and what numbers, dates and times are written with: `xXoObB_.:+-eE`.
    private static func isNumberCharacter(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x61...0x66, 0x41...0x46, 0x78, 0x58, 0x6F, 0x4F, 0x62, 0x42, 0x5F, 0x2E, 0x3A, 0x2B, 0x2D,
            0x65, 0x45:
            return true
        default: return false
        }
    }
}
