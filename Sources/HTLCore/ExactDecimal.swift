/// An exact decimal number with at most six fractional digits: quantities,
/// targets and conversion factors. `0.1 + 0.2` is exactly `0.3`.
///
/// A count of millionths in a 128-bit integer; arithmetic saturates at the
/// representable range instead of trapping. The integer is kept as two
/// 64-bit halves: aligned to 8 bytes, not 16, a quantity inside an action
/// leaves no padding (a million actions are 24 MB smaller, see `Action`).
public struct ExactDecimal: Hashable, Comparable, Sendable, CustomStringConvertible {
    package static let fractionDigits = 6
    package static let scale: Int128 = 1_000_000
    /// The most integer digits accepted when parsing (keeps every sum and
    /// product of parsed values far from the 128-bit range).
    package static let maxIntegerDigits = 15

    // Inlinable (with the sum and the comparison below): a goal's totals
    // add and compare amounts hundreds of thousands of times in `status`,
    // and each was a call into this module, some 30 instructions apiece.
    @usableFromInline let low: UInt64
    @usableFromInline let high: Int64

    /// The value times 10^6.
    @inlinable package var millionths: Int128 {
        Int128(high) << 64 | Int128(low)
    }

    @inlinable public init(millionths: Int128) {
        low = UInt64(truncatingIfNeeded: millionths)
        high = Int64(truncatingIfNeeded: millionths >> 64)
    }

    public init(_ integer: Int) {
        self.init(millionths: Int128(integer) * ExactDecimal.scale)
    }

    package static let zero = ExactDecimal(millionths: 0)
    public static let one = ExactDecimal(millionths: scale)

    package var isZero: Bool { millionths == 0 }
    package var isNegative: Bool { millionths < 0 }
    package var isPositive: Bool { millionths > 0 }

    @inlinable public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        lhs.millionths < rhs.millionths
    }

    @inlinable package static func + (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
        ExactDecimal(millionths: saturatingAdd(lhs.millionths, rhs.millionths))
    }

    package static func - (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
        let (d, overflow) = lhs.millionths.subtractingReportingOverflow(rhs.millionths)
        if overflow { return ExactDecimal(millionths: rhs.millionths < 0 ? .max : .min) }
        return ExactDecimal(millionths: d)
    }

    @inlinable package static func += (lhs: inout ExactDecimal, rhs: ExactDecimal) {
        lhs = lhs + rhs
    }

    public static prefix func - (value: ExactDecimal) -> ExactDecimal {
        ExactDecimal(millionths: value.millionths == .min ? .max : -value.millionths)
    }

    /// The product, rounded half-even to six fractional digits.
    package func multiplied(by other: ExactDecimal) -> ExactDecimal {
        let (p, overflow) = millionths.multipliedReportingOverflow(by: other.millionths)
        if overflow {
            return ExactDecimal(millionths: (millionths < 0) != (other.millionths < 0) ? .min : .max)
        }
        return ExactDecimal(millionths: divideHalfEven(p, ExactDecimal.scale))
    }

    /// The product with an integer.
    package func multiplied(by factor: Int) -> ExactDecimal {
        let (p, overflow) = millionths.multipliedReportingOverflow(by: Int128(factor))
        if overflow { return ExactDecimal(millionths: (millionths < 0) != (factor < 0) ? .min : .max) }
        return ExactDecimal(millionths: p)
    }

    /// The quotient, rounded half-even to six fractional digits; nil when dividing by zero.
    package func divided(by other: ExactDecimal) -> ExactDecimal? {
        guard other.millionths != 0 else { return nil }
        let (n, overflow) = millionths.multipliedReportingOverflow(by: ExactDecimal.scale)
        if overflow { return ExactDecimal(millionths: (millionths < 0) != (other.millionths < 0) ? .min : .max) }
        return ExactDecimal(millionths: divideHalfEven(n, other.millionths))
    }

    /// The quotient with an integer, rounded half-even.
    package func divided(by divisor: Int) -> ExactDecimal? {
        guard divisor != 0 else { return nil }
        return ExactDecimal(millionths: divideHalfEven(millionths, Int128(divisor)))
    }

    /// Rounded half-even to `digits` fractional digits (0...6).
    package func rounded(toFractionDigits digits: Int) -> ExactDecimal {
        let drop = ExactDecimal.fractionDigits - max(0, min(digits, ExactDecimal.fractionDigits))
        guard drop > 0 else { return self }
        var unit: Int128 = 1
        for _ in 0..<drop { unit *= 10 }
        let (r, overflow) = divideHalfEven(millionths, unit).multipliedReportingOverflow(by: unit)
        if overflow { return self }
        return ExactDecimal(millionths: r)
    }

    /// The whole part, rounded toward negative infinity.
    package var floor: Int128 {
        let q = millionths / ExactDecimal.scale
        return (millionths % ExactDecimal.scale < 0) ? q - 1 : q
    }

    /// The whole part, rounded toward positive infinity: what a count
    /// still needed comes to (0.49 books is one more book).
    package var ceiling: Int128 {
        let q = millionths / ExactDecimal.scale
        return (millionths % ExactDecimal.scale > 0) ? q + 1 : q
    }

    /// Shortest exact decimal text: `5.8`, `100`, `-0.75`.
    public var description: String {
        let magnitude = millionths.magnitude
        let scale = UInt128(ExactDecimal.scale)
        var fraction = magnitude % scale
        var text = (millionths < 0 ? "-" : "") + String(magnitude / scale)
        if fraction != 0 {
            var digits = ExactDecimal.fractionDigits
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }

    /// Whether `bytes`, which `parse` read as this value, are exactly its
    /// `description`: no leading zero, no trailing zero after the point,
    /// no sign on zero. Asked per quantity of the log, so on bytes.
    package func isSpelled(by bytes: Span<UInt8>) -> Bool {
        var i = 0
        if bytes.first == UInt8(ascii: "-") {
            guard millionths < 0 else { return false }
            i = 1
        }
        let wholeStart = i
        while i < bytes.count, bytes[i] != UInt8(ascii: ".") { i += 1 }
        guard i > wholeStart, i - wholeStart == 1 || bytes[wholeStart] != UInt8(ascii: "0") else { return false }
        // After a point: at least one digit, the last not a zero.
        return i == bytes.count || (i + 1 < bytes.count && bytes[bytes.count - 1] != UInt8(ascii: "0"))
    }

    /// Text with a fixed number of fractional digits (rounded half-even): `41.50`.
    public func formatted(fractionDigits digits: Int) -> String {
        let kept = max(0, min(digits, ExactDecimal.fractionDigits))
        let r = rounded(toFractionDigits: kept)
        let magnitude = r.millionths.magnitude
        let scale = UInt128(ExactDecimal.scale)
        var text = (r.millionths < 0 ? "-" : "") + String(magnitude / scale)
        if kept > 0 {
            var fraction = magnitude % scale
            for _ in 0..<(ExactDecimal.fractionDigits - kept) { fraction /= 10 }
            let f = String(fraction)
            text += "." + String(repeating: "0", count: kept - f.count) + f
        }
        return text
    }

    public enum ParseFailure: Error, Equatable, Sendable {
        /// Not of the form `-?D+(.D+)?`.
        case malformed
        /// More than six fractional digits.
        case tooManyFractionDigits
        /// More integer digits than `maxIntegerDigits`.
        case tooLarge
    }

    /// Parses `-?D+(.D+)?` from UTF-8 bytes.
    public static func parse<C: Collection>(_ bytes: C) -> Result<ExactDecimal, ParseFailure>
    where C.Element == UInt8 {
        parse(Array(bytes).span)
    }

    /// The same without generics: the log parser calls it for every quantity.
    package static func parse(_ bytes: Span<UInt8>) -> Result<ExactDecimal, ParseFailure> {
        if let value = parseShort(bytes) { return .success(value) }
        return parseInDetail(bytes)
    }

    /// The usual quantity (at most 15 integer digits, at most 6 decimals)
    /// in 64-bit arithmetic; nil for anything else, which `parseInDetail`
    /// reads and, when it is wrong, explains.
    @inline(__always)
    static func parseShort(_ bytes: Span<UInt8>) -> ExactDecimal? {
        let n = bytes.count
        var i = 0
        let negative = n > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        let wholeStart = i
        var whole: UInt64 = 0
        while i < n, bytes[i] &- 0x30 < 10 {
            whole = whole &* 10 &+ UInt64(bytes[i] &- 0x30)
            i += 1
        }
        guard i > wholeStart, i - wholeStart <= maxIntegerDigits else { return nil }
        var fraction: UInt64 = 0
        var digits = 0
        if i < n {
            guard bytes[i] == UInt8(ascii: "."), n - i - 1 <= fractionDigits else { return nil }
            i += 1
            while i < n, bytes[i] &- 0x30 < 10 {
                fraction = fraction &* 10 &+ UInt64(bytes[i] &- 0x30)
                digits += 1
                i += 1
            }
            guard digits > 0, i == n else { return nil }
        }
        // Scaled to millionths by one multiplication (a loop of up to six
        // multiplications was some 19 of the ~120 instructions a quantity
        // like `26.4` took to parse).
        switch fractionDigits &- digits {
        case 6: fraction &*= 1_000_000
        case 5: fraction &*= 100_000
        case 4: fraction &*= 10_000
        case 3: fraction &*= 1_000
        case 2: fraction &*= 100
        case 1: fraction &*= 10
        default: break
        }
        let value = Int128(whole) * scale + Int128(fraction)
        return ExactDecimal(millionths: negative ? -value : value)
    }

    /// Every form `parse` accepts, and the reason for one it does not.
    static func parseInDetail(_ bytes: Span<UInt8>) -> Result<ExactDecimal, ParseFailure> {
        var i = 0
        let end = bytes.count
        var negative = false
        if i < end, bytes[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        var whole: Int128 = 0
        var wholeDigits = 0
        var significant = 0
        while i < end, let d = digit(bytes[i]) {
            whole = whole * 10 + Int128(d)
            wholeDigits += 1
            if whole != 0 { significant += 1 }
            if significant > maxIntegerDigits { return .failure(.tooLarge) }
            i += 1
        }
        guard wholeDigits > 0 else { return .failure(.malformed) }
        var fraction: Int128 = 0
        var fractionDigits = 0
        if i < end {
            guard bytes[i] == UInt8(ascii: ".") else { return .failure(.malformed) }
            i += 1
            while i < end, let d = digit(bytes[i]) {
                fractionDigits += 1
                if fractionDigits > ExactDecimal.fractionDigits {
                    if d != 0 { return .failure(.tooManyFractionDigits) }
                } else {
                    fraction = fraction * 10 + Int128(d)
                }
                i += 1
            }
            guard fractionDigits > 0, i == end else { return .failure(.malformed) }
        }
        for _ in min(fractionDigits, ExactDecimal.fractionDigits)..<ExactDecimal.fractionDigits { fraction *= 10 }
        let value = whole * scale + fraction
        return .success(ExactDecimal(millionths: negative ? -value : value))
    }

    public static func parse(_ text: String) -> Result<ExactDecimal, ParseFailure> {
        parse(text.utf8.span)
    }
}

@inline(__always)
package func digit(_ b: UInt8) -> Int? {
    b >= 0x30 && b <= 0x39 ? Int(b - 0x30) : nil
}

@inline(__always)
@inlinable func saturatingAdd(_ a: Int128, _ b: Int128) -> Int128 {
    let (s, overflow) = a.addingReportingOverflow(b)
    if overflow { return b > 0 ? .max : .min }
    return s
}

/// `n / d` rounded half to even; `d` must not be zero. Saturates instead of trapping.
func divideHalfEven(_ n: Int128, _ d: Int128) -> Int128 {
    if d == -1 { return n == .min ? .max : -n }
    var q = n / d
    let r = n % d
    if r == 0 { return q }
    let twiceR = r.magnitude * 2
    let dm = d.magnitude
    let awayFromZero: Bool
    if twiceR > dm {
        awayFromZero = true
    } else if twiceR == dm {
        awayFromZero = q % 2 != 0
    } else {
        awayFromZero = false
    }
    if awayFromZero {
        q = saturatingAdd(q, ((n < 0) != (d < 0)) ? -1 : 1)
    }
    return q
}
