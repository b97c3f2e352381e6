/// HTML escaping of text and attribute values.
package enum HTMLEscape {
    /// Text content: `&`, `<` and `>`.
    public static func text(_ s: String) -> String {
        var out = ""
        text(s, into: &out)
        return out
    }

    /// A double-quoted attribute value: `&`, `<`, `>`, `"` and `'`.
    package static func attribute(_ s: String) -> String {
        var out = ""
        attribute(s, into: &out)
        return out
    }

    static func text(_ s: String, into out: inout String) {
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: appendScalar(scalar, into: &out)
            }
        }
    }

    static func attribute(_ s: String, into out: inout String) {
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: appendScalar(scalar, into: &out)
            }
        }
    }

    /// Control characters (other than tab and line feed) and lone carriage
    /// returns cannot come from a valid ledger, but would break the page: they
    /// are written as U+FFFD.
    private static func appendScalar(_ scalar: Unicode.Scalar, into out: inout String) {
        let v = scalar.value
        if (v < 0x20 && v != 0x09 && v != 0x0A) || (v >= 0x7F && v < 0xA0) {
            out.unicodeScalars.append("\u{FFFD}")
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
}
