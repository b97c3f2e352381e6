/// Comma-separated values (RFC 4180): records read from bytes, each with the
/// line it starts on, and fields written back so that any text survives.
public enum CSV {
    public struct Record: Sendable, Equatable {
        /// The 1-based line the record starts on.
        public var line: Int
        public var fields: [String]

        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }

        /// The field at `index`, or "" when the record is shorter.
        public subscript(index: Int) -> String {
            index < fields.count ? fields[index] : ""
        }
    }

    /// Why the bytes are not CSV, and where.
    public struct Failure: Error, Sendable, Equatable {
        public var line: Int
        public var message: String
    }

    /// The records of a CSV text. Blank lines are skipped; a leading BOM is
    /// dropped; fields may be quoted, with `""` for a quote and line breaks
    /// inside. Text that is not UTF-8, or a quote never closed, is a failure.
    public static func records(_ bytes: [UInt8], separator: UInt8 = UInt8(ascii: ",")) throws(Failure) -> [Record] {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        if let bad = UTF8Validation.firstInvalidByte(bytes, in: start..<bytes.count) {
            let line = bytes[..<bad].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw Failure(line: line, message: "the file is not valid UTF-8")
        }
        var reader = Reader(bytes: bytes, i: start, separator: separator)
        var records: [Record] = []
        while let record = try reader.next() {
            if record.fields != [""] { records.append(record) }
        }
        return records
    }

    /// One field, as UTF-8 bytes, onto `out`: quoted when it holds the
    /// separator, a quote, a line break or surrounding spaces.
    static func append(_ bytes: Span<UInt8>, to out: inout [UInt8]) {
        let quote = UInt8(ascii: "\"")
        var needsQuotes = !bytes.isEmpty && (bytes[0] == 0x20 || bytes[bytes.count - 1] == 0x20)
        for i in bytes.indices where !needsQuotes {
            let b = bytes[i]
            needsQuotes = b == UInt8(ascii: ",") || b == quote || b == 0x0A || b == 0x0D
        }
        guard needsQuotes else {
            RawBytes.append(bytes, to: &out)
            return
        }
        out.append(quote)
        for i in bytes.indices {
            if bytes[i] == quote { out.append(quote) }
            out.append(bytes[i])
        }
        out.append(quote)
    }

    private struct Reader {
        let bytes: [UInt8]
        var i: Int
        let separator: UInt8
        var line = 1

        mutating func next() throws(Failure) -> Record? {
            guard i < bytes.count else { return nil }
            let first = line
            var fields: [String] = []
            while true {
                let (field, ended) = try field()
                fields.append(field)
                if ended { return Record(line: first, fields: fields) }
            }
        }

        /// One field; `ended` when it was the record's last.
        private mutating func field() throws(Failure) -> (String, ended: Bool) {
            var out: [UInt8] = []
            if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
                let opened = line
                i += 1
                while true {
                    guard i < bytes.count else {
                        throw Failure(line: opened, message: "a quoted field is never closed")
                    }
                    let b = bytes[i]
                    i += 1
                    if b == UInt8(ascii: "\"") {
                        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
                            out.append(b)
                            i += 1
                            continue
                        }
                        break
                    }
                    if b == 0x0A { line += 1 }
                    out.append(b)
                }
            }
            // Unquoted text (or what follows a closing quote) up to the separator or line end.
            while i < bytes.count {
                let b = bytes[i]
                if b == separator {
                    i += 1
                    return (String(decoding: out, as: UTF8.self), false)
                }
                if b == 0x0A || b == 0x0D {
                    i += (b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A) ? 2 : 1
                    line += 1
                    return (String(decoding: out, as: UTF8.self), true)
                }
                out.append(b)
                i += 1
            }
            return (String(decoding: out, as: UTF8.self), true)
        }
    }
}
