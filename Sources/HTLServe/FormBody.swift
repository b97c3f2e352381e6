/// `application/x-www-form-urlencoded` and query strings: `a=1&b=x+y%21`.
enum FormBody {
    /// The pairs in order; a malformed escape leaves its bytes as written.
    static func pairs(_ text: some StringProtocol) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// Percent-decoding, `+` as a space; invalid UTF-8 becomes U+FFFD.
    static func decode(_ text: some StringProtocol) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let b = utf8.popFirst() {
            if b == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if b == UInt8(ascii: "%"), utf8.count >= 2, let hi = hex(utf8[utf8.startIndex]),
                let lo = hex(utf8[utf8.startIndex + 1])
            {
                bytes.append(hi << 4 | lo)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Percent-encoding of everything but unreserved characters.
    static func encode(_ text: String) -> String {
        var out = ""
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: ":"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [digits[Int(b >> 4)], digits[Int(b & 15)]], as: UTF8.self)
            }
        }
        return out
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
