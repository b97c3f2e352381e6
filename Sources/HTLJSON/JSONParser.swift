import HTLCore

/// Reads one JSON text (RFC 8259) from bytes. Hostile input gets an error,
/// never a crash: nesting is limited, strings must be valid UTF-8, and
/// nothing but whitespace may follow the value.
public struct JSONParser {
    public struct Failure: Error, Equatable {
        public var offset: Int
        public var message: String
    }

    /// Deeper nesting than any LSP message or app export needs.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private let replacesUnpairedSurrogates: Bool
    private var i = 0

    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSON {
        try parse(bytes, replacingUnpairedSurrogates: false)
    }

    /// With `replacingUnpairedSurrogates`, a `\uD800` without its other
    /// half reads as U+FFFD instead of failing: for finding out what a
    /// message was about (which document a change was for), never for
    /// taking its text as the sender's.
    public static func parse(_ bytes: [UInt8], replacingUnpairedSurrogates: Bool) throws(Failure) -> JSON {
        var parser = JSONParser(bytes: bytes, replacesUnpairedSurrogates: replacingUnpairedSurrogates)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.i == bytes.count else { throw parser.failure("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8], replacesUnpairedSurrogates: Bool) {
        self.bytes = bytes
        self.replacesUnpairedSurrogates = replacesUnpairedSurrogates
    }

    private func failure(_ message: String) -> Failure {
        Failure(offset: i, message: message)
    }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSON {
        guard depth < JSONParser.maximumDepth else { throw failure("nested too deeply") }
        skipSpace()
        guard i < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return try number()
        }
    }

    private mutating func literal(_ word: String, _ value: JSON) throws(Failure) -> JSON {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else {
            throw failure("unexpected character")
        }
        i += w.count
        return value
    }

    private mutating func object(depth: Int) throws(Failure) -> JSON {
        i += 1
        var pairs: [(String, JSON)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(pairs)
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            i += 1
            pairs.append((key, try value(depth: depth + 1)))
            skipSpace()
            guard i < bytes.count else { throw failure("unexpected end of input") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            guard bytes[i] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
            i += 1
            return .object(pairs)
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSON {
        i += 1
        var items: [JSON] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(items)
        }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw failure("unexpected end of input") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            guard bytes[i] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
            i += 1
            return .array(items)
        }
    }

    /// `-? digits (. digits)? ([eE] [+-]? digits)?`, kept as text.
    private mutating func number() throws(Failure) -> JSON {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        try digits()
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            try digits()
        }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            try digits()
        }
        return .number(String(decoding: bytes[start..<i], as: UTF8.self))
    }

    private mutating func digits() throws(Failure) {
        let start = i
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
        guard i > start else { throw failure("unexpected character") }
    }

    private mutating func string() throws(Failure) -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                guard UTF8Validation.isValid(out) else { throw failure("a string is not valid UTF-8") }
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &out)
            case 0..<0x20:
                throw failure("a control character in a string")
            default:
                out.append(b)
                i += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func escape(into out: inout [UInt8]) throws(Failure) {
        guard i + 1 < bytes.count else { throw failure("unterminated string") }
        let c = bytes[i + 1]
        i += 2
        let simple: [UInt8: UInt8] = [
            0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09,
        ]
        if let s = simple[c] {
            out.append(s)
            return
        }
        guard c == UInt8(ascii: "u") else { throw failure("an unknown escape") }
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
            bytes[i + 1] == UInt8(ascii: "u")
        {
            let next = i
            i += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else {
                guard replacesUnpairedSurrogates else { throw failure("an unpaired surrogate") }
                i = next  // the second escape is read on its own
            }
        }
        guard let u = Unicode.Scalar(scalar) else {
            guard replacesUnpairedSurrogates else { throw failure("an unpaired surrogate") }
            out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            return
        }
        out.append(contentsOf: Array(String(Character(u)).utf8))
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 <= bytes.count else { throw failure("a short \\u escape") }
        var v: UInt32 = 0
        for b in bytes[i..<i + 4] {
            guard let d = Self.hexValue(b) else { throw failure("a bad \\u escape") }
            v = v * 16 + d
        }
        i += 4
        return v
    }

    private static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
