import HTLCore
import HTLModel

/// What a log token that starts like a number is (FORMAT.md §6): a
/// quantity, a quantity with an unknown unit, something almost a quantity
/// (`.5km`, `5.km`, `5,5km`, `5_000km`, `1e3km`), or a plain word (a bare
/// number, an ordinal such as `2nd`, a count such as `3x`).
enum QuantityToken {
    enum Kind: Equatable {
        /// `number unit` with a declared unit; `split` is where the unit
        /// starts; `unitIsID`: the unit is the measure's id, not an alias.
        case quantity(split: Int, measureIndex: Int, unitIsID: Bool)
        case unknownUnit(split: Int)
        /// A malformed number before a unit, with the corrected token when one is clear.
        case almost(fix: String?)
        /// Amounts in two or more declared units run together (`1h25min`), in order.
        case compound([Part])
        case word
    }

    /// One number and declared unit of a compound token: where each is, and the unit's measure.
    struct Part: Equatable {
        var number: Range<Int>
        var unit: Range<Int>
        var measureIndex: Int
    }

    static func classify(_ b: Span<UInt8>, _ start: Int, _ end: Int, units: UnitLookup) -> Kind {
        var j = start
        if b[j] == Bytes.minus { j += 1 }
        guard j < end, Bytes.isDigit(b[j]) || (b[j] == Bytes.dot && j + 1 < end && Bytes.isDigit(b[j + 1])) else {
            return .word
        }
        let strict = strictSplit(b, j, end)
        if let split = strict {
            if let name = units.name(b.extracting(split..<end)) {
                return .quantity(split: split, measureIndex: name.index, unitIsID: name.isID)
            }
        }
        if let almost = almostQuantity(b, start, j, end) { return .almost(fix: almost.fix) }
        guard let split = strict else { return .word }
        if isOrdinalOrCount(b, j, split, end) { return .word }
        if let parts = compoundParts(b, j, end, units: units) { return .compound(parts) }
        return .unknownUnit(split: split)
    }

    /// `1h25min`: numbers `D+(.D+)?`, each followed by a declared unit that
    /// runs to the next digit, two or more of them and nothing else; nil
    /// for any other token. (A unit spelled with digits is never a part:
    /// each unit ends where the next number starts.)
    static func compoundParts(_ b: Span<UInt8>, _ digitsStart: Int, _ end: Int, units: UnitLookup) -> [Part]? {
        var parts: [Part] = []
        var i = digitsStart
        while i < end {
            guard let split = strictSplit(b, i, end) else { return nil }
            var unitEnd = split
            while unitEnd < end, !Bytes.isDigit(b[unitEnd]) { unitEnd += 1 }
            guard let name = units.name(b.extracting(split..<unitEnd)) else { return nil }
            parts.append(Part(number: i..<split, unit: split..<unitEnd, measureIndex: name.index))
            i = unitEnd
        }
        return parts.count >= 2 ? parts : nil
    }

    /// What to write instead of a compound token: the one quantity in the
    /// smallest of its units (the later one of two the same size) when all
    /// convert to one another (`1h25min` is `85min`), else its parts apart
    /// (`5km 30min`). `sign` is the token's leading `-`, if any.
    static func compoundFix(_ b: Span<UInt8>, _ parts: [Part], sign: String, measures: MeasureCatalog) -> String {
        let written = parts.map { RawBytes.string(b.extracting($0.number)) + RawBytes.string(b.extracting($0.unit)) }
        let first = parts[0].measureIndex
        guard parts.allSatisfy({ measures.canConvert(from: $0.measureIndex, to: first) }) else {
            return sign + written.joined(separator: " ")
        }
        var smallest = parts[0]
        for part in parts.dropFirst() {
            if let size = measures.convert(.one, from: smallest.measureIndex, to: part.measureIndex), size >= .one {
                smallest = part
            }
        }
        var total = ExactDecimal.zero
        for part in parts {
            guard case .success(let amount) = ExactDecimal.parse(b.extracting(part.number)),
                let converted = measures.convert(amount, from: part.measureIndex, to: smallest.measureIndex)
            else { return sign + written.joined(separator: " ") }
            total += converted
        }
        return sign + total.description + RawBytes.string(b.extracting(smallest.unit))
    }

    /// Where the unit starts when the token is `-?D+(.D+)?` followed by a letter.
    static func strictSplit(_ b: Span<UInt8>, _ digitsStart: Int, _ end: Int) -> Int? {
        var j = digitsStart
        while j < end, Bytes.isDigit(b[j]) { j += 1 }
        guard j > digitsStart else { return nil }
        if j + 1 < end, b[j] == Bytes.dot, Bytes.isDigit(b[j + 1]) {
            j += 1
            while j < end, Bytes.isDigit(b[j]) { j += 1 }
        }
        guard j < end, Bytes.isLetter(b[j]) else { return nil }
        return j
    }

    /// `-?D+(.D+)?` and nothing else (the `5` of `5 km`).
    static func isBareNumber(_ b: Span<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var j = start
        if j < end, b[j] == Bytes.minus { j += 1 }
        let digits = j
        while j < end, Bytes.isDigit(b[j]) { j += 1 }
        guard j > digits else { return false }
        if j < end, b[j] == Bytes.dot {
            j += 1
            let fraction = j
            while j < end, Bytes.isDigit(b[j]) { j += 1 }
            guard j > fraction else { return false }
        }
        return j == end
    }

    /// `1st`, `2nd`, `3rd`, `10th`, `21st` and `3x` (in any case, perhaps
    /// followed by punctuation: `2nd,`): words in a diary line.
    static func isOrdinalOrCount(_ b: Span<UInt8>, _ digitsStart: Int, _ split: Int, _ end: Int) -> Bool {
        guard b.extracting(digitsStart..<split).allSatisfy(Bytes.isDigit) else { return false }
        var last = end
        while last > split, Array(".,;:!?)".utf8).contains(b[last - 1]) { last -= 1 }
        let suffix = (split..<last).map { b[$0] | 0x20 }
        if suffix == [UInt8(ascii: "x")] { return true }
        return [Array("st".utf8), Array("nd".utf8), Array("rd".utf8), Array("th".utf8)].contains(suffix)
    }

    /// A number written with a decimal comma, digit separators, a dangling
    /// or leading point, or an exponent, directly followed by a unit-shaped
    /// word. Returns the corrected token when the intended number is clear.
    static func almostQuantity(_ b: Span<UInt8>, _ start: Int, _ numberStart: Int, _ end: Int) -> (fix: String?, Void)?
    {
        var j = numberStart
        var sawDigit = false
        var mantissaEnd: Int?
        var exponent: [UInt8]?
        while j < end {
            let c = b[j]
            if Bytes.isDigit(c) {
                sawDigit = true
                j += 1
            } else if c == Bytes.dot || c == Bytes.comma || c == Bytes.underscore {
                j += 1
            } else if (c | 0x20) == UInt8(ascii: "e"), sawDigit, exponent == nil,
                let digits = exponentDigits(b, j + 1, end)
            {
                mantissaEnd = j
                exponent = RawBytes.array(b.extracting((j + 1)..<digits))
                j = digits
            } else {
                break
            }
        }
        guard sawDigit, j < end, Bytes.isLetter(b[j]),
            b.extracting(j..<end).allSatisfy({ Bytes.isLetter($0) || Bytes.isDigit($0) || $0 == Bytes.underscore })
        else {
            return nil
        }
        let number = RawBytes.array(b.extracting(numberStart..<(mantissaEnd ?? j)))
        // A well-formed number before the unit is a quantity, not "almost" one.
        if exponent == nil, strictSplit(b, numberStart, end) == j, !number.contains(Bytes.comma),
            !number.contains(Bytes.underscore)
        {
            return nil
        }
        let sign = numberStart > start ? "-" : ""
        let unit = RawBytes.string(b.extracting(j..<end))
        let fixes = corrected(number, exponent: exponent).map { sign + $0 + unit }
        return (fixes.isEmpty ? nil : fixes.joined(separator: " or "), ())
    }

    /// The digits of an exponent after `e`: `[+-]?D+`; the index after them.
    private static func exponentDigits(_ b: Span<UInt8>, _ from: Int, _ end: Int) -> Int? {
        var k = from
        if k < end, b[k] == Bytes.minus || b[k] == UInt8(ascii: "+") { k += 1 }
        let digits = k
        while k < end, Bytes.isDigit(b[k]) { k += 1 }
        return k > digits ? k : nil
    }

    /// The number as htl reads numbers, when the intent is clear: `_` between
    /// digits dropped, one decimal comma made a point, a leading point given
    /// a zero, a trailing point dropped, an exponent multiplied out.
    /// (`1,000` is as often a thousands separator as a decimal comma: both
    /// readings are offered.)
    static func corrected(_ number: [UInt8], exponent: [UInt8]?) -> [String] {
        var digits = number.filter { $0 != Bytes.underscore }
        let commas = digits.filter { $0 == Bytes.comma }.count
        let points = digits.filter { $0 == Bytes.dot }.count
        if commas > 0 {
            guard points == 0 else { return [] }
            if commas == 1, digits.count - 1 - digits.firstIndex(of: Bytes.comma)! == 3 {
                let thousands = digits.filter { $0 != Bytes.comma }
                let decimal = digits.map { $0 == Bytes.comma ? Bytes.dot : $0 }
                return [thousands, decimal].compactMap { exact($0, exponent: exponent) }
            }
            digits =
                commas == 1 ? digits.map { $0 == Bytes.comma ? Bytes.dot : $0 } : digits.filter { $0 != Bytes.comma }
        }
        return exact(digits, exponent: exponent).map { [$0] } ?? []
    }

    private static func exact(_ number: [UInt8], exponent: [UInt8]?) -> String? {
        var digits = number
        if digits.first == Bytes.dot { digits.insert(UInt8(ascii: "0"), at: 0) }
        if digits.last == Bytes.dot { digits.removeLast() }
        guard case .success(var value) = ExactDecimal.parse(digits) else { return nil }
        if let exponent {
            guard let power = Int(String(decoding: exponent, as: UTF8.self)), abs(power) <= 15 else { return nil }
            for _ in 0..<abs(power) {
                if power > 0 {
                    value = value.multiplied(by: 10)
                } else {
                    guard let smaller = value.divided(by: 10), smaller.multiplied(by: 10) == value else { return nil }
                    value = smaller
                }
            }
        }
        let text = value.description
        guard case .success = ExactDecimal.parse(text) else { return nil }
        return text
    }

    /// Advice for a word that only looks like a quantity.
    static func quoteHint(_ token: String) -> String {
        " (or quote it to keep it as text: \"\(token)\")"
    }
}
