import HTLCore

/// Writes JSON bytes into room reserved beforehand (`ByteBuffer.write`):
/// a write is a store and a pointer bump, with no capacity check and no
/// reference count. Whoever reserves the room bounds what is written into it
/// (a quoted string takes at most `quotedRoom` bytes).
struct ByteWriter {
    private let start: UnsafeMutablePointer<UInt8>
    private var p: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) {
        self.start = start
        p = start
    }

    /// How many bytes were written.
    var count: Int { p - start }

    @inline(__always)
    mutating func byte(_ b: UInt8) {
        p.initialize(to: b)
        p += 1
    }

    @inline(__always)
    mutating func literal(_ text: StaticString) {
        bytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress else { return }
        p.initialize(from: base, count: source.count)
        p += source.count
    }

    mutating func spaces(_ n: Int) {
        guard n > 0 else { return }
        p.initialize(repeating: UInt8(ascii: " "), count: n)
        p += n
    }

    /// `value`'s decimal digits, zero-padded to `width`.
    mutating func digits(_ value: UInt, width: Int = 1) {
        // Counted by comparison (a division per digit, twice, was the cost of a line number).
        var count = 1
        var limit: UInt = 10
        while count < 20, value >= limit {
            count += 1
            limit &*= 10
        }
        count = max(count, width)
        var v = value
        for i in stride(from: count - 1, through: 0, by: -1) {
            p[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
        }
        p += count
    }

    /// The most bytes `int`, `decimal` and `quoted(time)` write.
    static var intRoom: Int { 21 }
    static var decimalRoom: Int { 48 }
    static var timeRoom: Int { 7 }

    /// At most `intRoom` bytes.
    mutating func int(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        digits(value.magnitude)
    }

    /// A decimal as `ExactDecimal.description` spells it (`-12.5`, `3`,
    /// `0.000001`); at most `decimalRoom` bytes (the 39 digits of a
    /// 128-bit integer, a sign and a point).
    mutating func decimal(_ value: ExactDecimal) {
        let magnitude = value.millionths.magnitude
        // In 64 bits when it fits (up to 18 trillion): a 128-bit division
        // is a call to a routine of its own, and this is done per quantity.
        let whole: UInt
        var fraction: UInt
        if magnitude <= UInt128(UInt64.max) {
            let small = UInt64(magnitude)
            let scale: UInt64 = 1_000_000  // ExactDecimal.scale, as a literal the division is a multiplication by
            (whole, fraction) = (UInt(small / scale), UInt(small % scale))
        } else {
            let scale = UInt128(ExactDecimal.scale)
            guard magnitude / scale <= UInt128(UInt.max) else {
                var text = value.description
                return text.withUTF8 { bytes($0) }
            }
            (whole, fraction) = (UInt(magnitude / scale), UInt(magnitude % scale))
        }
        if value.millionths < 0 { byte(UInt8(ascii: "-")) }
        digits(whole)
        guard fraction != 0 else { return }
        var width = ExactDecimal.fractionDigits
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        byte(UInt8(ascii: "."))
        digits(fraction, width: width)
    }

    /// `"HH:MM"`: `timeRoom` bytes.
    mutating func quoted(_ time: ClockTime) {
        byte(UInt8(ascii: "\""))
        twoDigits(max(0, time.minuteOfDay / 60))
        byte(UInt8(ascii: ":"))
        twoDigits(max(0, time.minuteOfDay % 60))
        byte(UInt8(ascii: "\""))
    }

    /// A number below 100 as two digits (an hour, a minute).
    @inline(__always)
    private mutating func twoDigits(_ value: Int) {
        guard value < 100 else { return digits(UInt(value), width: 2) }
        byte(UInt8(ascii: "0") + UInt8(value / 10))
        byte(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// The room `quoted(date)` takes: 12 bytes for a year of four digits.
    static func dateRoom(_ date: CivilDate) -> Int {
        // By day number: a date's year, month and day cost a division each (and a date is written right after).
        fourDigitYears.contains(date.dayNumber) ? 12 : quotedRoom(date.description.utf8.count)
    }

    /// The days of years 0 to 9999, written `YYYY-MM-DD` (year 0, before
    /// the first year a `CivilDate` is made from, is a leap year).
    private static let fourDigitYears = (CivilDate(year: 1, month: 1, day: 1)!.dayNumber - 366)...CivilDate.latest.dayNumber

    /// `"YYYY-MM-DD"`; a year outside 0...9999 as `CivilDate.description` spells it.
    mutating func quoted(_ date: CivilDate) {
        let (year, month, day) = date.parts
        guard (0...9999).contains(year) else { return quoted(date.description) }
        byte(UInt8(ascii: "\""))
        digits(UInt(year), width: 4)
        byte(UInt8(ascii: "-"))
        digits(UInt(month), width: 2)
        byte(UInt8(ascii: "-"))
        digits(UInt(day), width: 2)
        byte(UInt8(ascii: "\""))
    }

    // MARK: Layout

    /// `,` unless first, a line break and `spaces` blanks: `spaces + 2` bytes at most.
    @inline(__always)
    mutating func separator(_ index: Int, spaces n: Int) {
        if index != 0 { byte(UInt8(ascii: ",")) }
        byte(UInt8(ascii: "\n"))
        spaces(n)
    }

    /// The room `key(literal:at:indent:)` takes.
    static func keyRoom(_ name: StaticString, indent: Int) -> Int { max(indent + 2, 0) + name.utf8CodeUnitCount + 6 }

    /// Before member `index` of an object opened at `indent`, named by htl
    /// (nothing to escape): `keyRoom` bytes at most.
    @inline(__always)
    mutating func key(literal name: StaticString, at index: Int, indent: Int) {
        separator(index, spaces: max(indent + 2, 0))
        byte(UInt8(ascii: "\""))
        literal(name)
        byte(UInt8(ascii: "\""))
        byte(UInt8(ascii: ":"))
        byte(UInt8(ascii: " "))
    }

    /// Closes an array or object opened at `indent` with `count` members
    /// (`[]`, `{}` when empty): `indent + 2` bytes at most.
    mutating func close(_ bracket: UInt8, count: Int, indent: Int) {
        if count > 0 {
            byte(UInt8(ascii: "\n"))
            spaces(indent)
        }
        byte(bracket)
    }

    // MARK: Strings

    /// The room a quoted string of `utf8Count` bytes can take: every byte
    /// escaped as `\u00XX` at worst, and the quotes.
    static func quotedRoom(_ utf8Count: Int) -> Int { 6 * utf8Count + 2 }

    /// `utf8` (valid UTF-8) as a JSON string: copied whole when nothing in it
    /// needs an escape (nearly always). C0, DEL, C1 and the line separators
    /// are written as `\u` escapes: a JSON document printed to a terminal
    /// cannot drive it either. At most `quotedRoom(utf8.count)` bytes.
    mutating func quoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        byte(UInt8(ascii: "\""))
        if JSONBytes.mayNeedEscape(utf8) { escaped(utf8) } else { bytes(utf8) }
        byte(UInt8(ascii: "\""))
    }

    /// `count` strings, given by position, as an array on one line, as
    /// scalar arrays are written: `quotedRoom` of each and 2 bytes more per
    /// string, at most.
    mutating func strings(count: Int, _ value: (Int) -> String) {
        byte(UInt8(ascii: "["))
        for i in 0..<count {
            if i > 0 { literal(", ") }
            quoted(value(i))
        }
        byte(UInt8(ascii: "]"))
    }

    mutating func quoted(_ text: String) {
        // `withUTF8` reads a short string from a copy on the stack and a long
        // one in place (the UTF-8 view offers no contiguous storage for a
        // short one, so asking it first was work for nothing on most ids).
        var copy = text
        copy.withUTF8 { quoted($0) }
    }

    private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var i = 0
        while i < utf8.count {
            let b = utf8[i]
            switch b {
            case 0x22: literal("\\\"")
            case 0x5C: literal("\\\\")
            case 0x0A: literal("\\n")
            case 0x0D: literal("\\r")
            case 0x09: literal("\\t")
            case 0..<0x20, 0x7F: unicodeEscape(UInt(b))
            case 0xC2 where i + 1 < utf8.count && (0x80...0x9F).contains(utf8[i + 1]):
                // C1: U+0080-U+009F.
                unicodeEscape(UInt(utf8[i + 1]))
                i += 1
            case 0xE2 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9):
                // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR.
                unicodeEscape(utf8[i + 2] == 0xA8 ? 0x2028 : 0x2029)
                i += 2
            default: byte(b)
            }
            i += 1
        }
    }

    /// `\uXXXX`, lowercase hex.
    private mutating func unicodeEscape(_ value: UInt) {
        literal("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            let nibble = UInt8((value >> UInt(shift)) & 0xF)
            byte(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
    }
}
