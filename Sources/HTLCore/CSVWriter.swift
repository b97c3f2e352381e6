/// CSV text written record by record and handed on in pieces of about a
/// megabyte: a file of a million rows (some 340 MB of actions) is never
/// held whole. Fields are quoted as `CSV.append` says; records end in `\n`.
public struct CSVWriter {
    /// When the text held reaches this, `endRecord` hands it on.
    static let pieceSize = 1 << 20

    private var text: [UInt8] = []
    private var fieldsInRecord = 0

    public init() {
        text.reserveCapacity(CSVWriter.pieceSize + (64 << 10))
    }

    public mutating func field(_ value: String) {
        separate()
        CSV.append(value.utf8.span, to: &text)
    }

    /// A field given as UTF-8 bytes (a description read from the log, JSON).
    public mutating func field(bytes: Span<UInt8>) {
        separate()
        CSV.append(bytes, to: &text)
    }

    /// A whole record of fields.
    public mutating func record(_ fields: [String], _ write: ([UInt8]) throws -> Void) rethrows {
        for value in fields { field(value) }
        try endRecord(write)
    }

    /// Ends the record; hands the text on once it is a piece's size.
    public mutating func endRecord(_ write: ([UInt8]) throws -> Void) rethrows {
        text.append(0x0A)
        fieldsInRecord = 0
        if text.count >= CSVWriter.pieceSize {
            try write(text)
            text.removeAll(keepingCapacity: true)
        }
    }

    /// Ends a record left open, and hands on what is left.
    public mutating func finish(_ write: ([UInt8]) throws -> Void) rethrows {
        if fieldsInRecord > 0 {
            text.append(0x0A)
            fieldsInRecord = 0
        }
        if !text.isEmpty { try write(text) }
        text.removeAll(keepingCapacity: true)
    }

    private mutating func separate() {
        if fieldsInRecord > 0 { text.append(UInt8(ascii: ",")) }
        fieldsInRecord += 1
    }
}
