import HTLCore

/// A date format in strftime's letters, for reading dates: `%d/%m/%Y`,
/// `%b %d, %Y, %I:%M:%S %p`. `%Y` four digits, `%y` two (20yy), `%m` `%d`
/// `%H` `%I` `%M` one or two digits, `%S` seconds (read, not kept), `%b`
/// an English month name or its first three letters, `%p` AM or PM; `%%`
/// is a percent sign; every other character must be there as written.
struct DateFormat: Equatable {
    enum Piece: Equatable {
        case literal(UInt8)
        case field(UInt8)
    }

    let pieces: [Piece]

    init?(_ text: String) {
        var pieces: [Piece] = []
        var bytes = Array(text.utf8)[...]
        while let b = bytes.popFirst() {
            guard b == UInt8(ascii: "%") else {
                pieces.append(.literal(b))
                continue
            }
            guard let letter = bytes.popFirst(), "YymdHIMSbp%".utf8.contains(letter) else { return nil }
            pieces.append(letter == UInt8(ascii: "%") ? .literal(letter) : .field(letter))
        }
        guard pieces.contains(.field(UInt8(ascii: "d"))),
            pieces.contains(.field(UInt8(ascii: "Y"))) || pieces.contains(.field(UInt8(ascii: "y"))),
            pieces.contains(.field(UInt8(ascii: "m"))) || pieces.contains(.field(UInt8(ascii: "b")))
        else { return nil }
        self.pieces = pieces
    }

    /// The date, and the time when the format has one; nil when the text
    /// does not match the format or names no real day.
    func read(_ text: String) -> (date: CivilDate, time: ClockTime?)? {
        var bytes = Array(text.trimmingSpaces.utf8)[...]
        var parts: [UInt8: Int] = [:]
        for piece in pieces {
            switch piece {
            case .literal(let b):
                guard bytes.popFirst() == b else { return nil }
            case .field(let letter):
                guard let value = DateFormat.field(letter, &bytes) else { return nil }
                parts[letter] = value
            }
        }
        guard bytes.isEmpty else { return nil }
        let year = parts[UInt8(ascii: "Y")] ?? (parts[UInt8(ascii: "y")].map { 2000 + $0 } ?? 0)
        let month = parts[UInt8(ascii: "m")] ?? parts[UInt8(ascii: "b")] ?? 0
        guard let date = CivilDate(year: year, month: month, day: parts[UInt8(ascii: "d")] ?? 0) else { return nil }
        var hour = parts[UInt8(ascii: "H")]
        if let twelve = parts[UInt8(ascii: "I")] {
            guard (1...12).contains(twelve) else { return nil }
            hour = twelve % 12 + (parts[UInt8(ascii: "p")] ?? 0)
        }
        guard let hour else { return (date, nil) }
        guard let time = ClockTime(hour: hour, minute: parts[UInt8(ascii: "M")] ?? 0) else { return nil }
        return (date, time)
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december",
    ]

    static func field(_ letter: UInt8, _ bytes: inout ArraySlice<UInt8>) -> Int? {
        switch letter {
        case UInt8(ascii: "Y"): return digits(&bytes, min: 4, max: 4)
        case UInt8(ascii: "y"), UInt8(ascii: "S"): return digits(&bytes, min: 2, max: 2)
        case UInt8(ascii: "b"): return month(&bytes)
        case UInt8(ascii: "p"):
            let word = String(decoding: bytes.prefix(2), as: UTF8.self).lowercased()
            guard word == "am" || word == "pm" else { return nil }
            bytes = bytes.dropFirst(2)
            return word == "pm" ? 12 : 0
        default: return digits(&bytes, min: 1, max: 2)
        }
    }

    static func digits(_ bytes: inout ArraySlice<UInt8>, min: Int, max: Int) -> Int? {
        var value = 0
        var n = 0
        while n < max, let b = bytes.first, let d = digit(b) {
            value = value * 10 + d
            n += 1
            bytes = bytes.dropFirst()
        }
        return n >= min ? value : nil
    }

    static func month(_ bytes: inout ArraySlice<UInt8>) -> Int? {
        let word = String(decoding: bytes.prefix { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }, as: UTF8.self)
            .lowercased()
        guard let i = monthNames.firstIndex(of: word) ?? months.firstIndex(of: word) else { return nil }
        bytes = bytes.dropFirst(word.utf8.count)
        return i + 1
    }
}
