import HTLCore
import HTLModel
import HTLParse

/// Writes YAML scalars in canonical style: plain where every YAML reader
/// (1.1 or 1.2) reads the text back as the same string, else double-quoted.
package enum YAMLScalarWriter {
    package static func text(_ s: String, inFlow: Bool = false) -> String {
        isPlainSafe(s, inFlow: inFlow) ? s : doubleQuoted(s)
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

    static let indicators: Set<Unicode.Scalar> = ["-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`"]
    static let flowIndicators: Set<Unicode.Scalar> = [",", "[", "]", "{", "}"]
    static let specialWords: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL", "~", "<<", "=",
        ".inf", ".Inf", ".INF", "-.inf", "-.Inf", "-.INF", "+.inf", "+.Inf", "+.INF", ".nan", ".NaN", ".NAN",
    ]
    static let numberCharacters: Set<Unicode.Scalar> = Set("0123456789abcdefABCDEFxXoObB_.:+-eE".unicodeScalars)

    static func isPlainSafe(_ s: String, inFlow: Bool) -> Bool {
        let scalars = Array(s.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last else { return false }
        if first == " " || first == "\t" || last == " " || last == "\t" { return false }
        if indicators.contains(first) { return false }
        if specialWords.contains(s) { return false }
        if s.hasPrefix("---") || s.hasPrefix("...") { return false }
        for (i, c) in scalars.enumerated() {
            // Only what libyaml accepts as printable may stand in a plain scalar.
            if c.value < 0x20 || (0x7F...0x9F).contains(c.value) || c == "\u{2028}" || c == "\u{2029}" || c == "\u{FEFF}"
                || c.value == 0xFFFE || c.value == 0xFFFF {
                return false
            }
            if c == ":", i + 1 == scalars.count || scalars[i + 1] == " " { return false }
            if c == "#", i > 0, scalars[i - 1] == " " { return false }
            if inFlow, flowIndicators.contains(c) { return false }
        }
        // Anything a resolver could take for a number, a date or a time.
        var body = scalars[...]
        if let sign = body.first, sign == "+" || sign == "-" { body = body.dropFirst() }
        if let lead = body.first, (lead >= "0" && lead <= "9") || lead == "." {
            if body.allSatisfy({ numberCharacters.contains($0) }) { return false }
            let digits = body.prefix(4)
            if digits.count == 4, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }), body.dropFirst(4).first == "-" { return false }
        }
        return true
    }
}
