/// An exact fraction for conversion factors along `equals` chains.
package struct Fraction: Sendable, Equatable {
    var numerator: Int128
    var denominator: Int128

    package static let one = Fraction(numerator: 1, denominator: 1)

    init(numerator: Int128, denominator: Int128) {
        let g = Fraction.gcd(numerator.magnitude, denominator.magnitude)
        let divisor = Int128(g == 0 ? 1 : g)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    package init(_ decimal: ExactDecimal) {
        self.init(numerator: decimal.millionths, denominator: ExactDecimal.scale)
    }

    /// The product, or nil when it does not fit.
    package func multiplied(by other: Fraction) -> Fraction? {
        let a = Fraction(numerator: numerator, denominator: other.denominator)
        let b = Fraction(numerator: other.numerator, denominator: denominator)
        let (n, o1) = a.numerator.multipliedReportingOverflow(by: b.numerator)
        let (d, o2) = a.denominator.multipliedReportingOverflow(by: b.denominator)
        guard !o1, !o2, d != 0 else { return nil }
        return Fraction(numerator: n, denominator: d)
    }

    package var inverse: Fraction? {
        guard numerator != 0 else { return nil }
        return numerator < 0
            ? Fraction(numerator: -denominator, denominator: -numerator)
            : Fraction(numerator: denominator, denominator: numerator)
    }

    /// Small enough that converting any sum of parsed quantities cannot
    /// overflow (numerator and denominator below 10^15).
    package var fitsConversions: Bool {
        numerator.magnitude < 1_000_000_000_000_000 && denominator.magnitude < 1_000_000_000_000_000
    }

    /// `value × self`, rounded half-even to six fractional digits, saturating
    /// at the representable range.
    package func applySaturating(to value: ExactDecimal) -> ExactDecimal {
        apply(to: value) ?? ExactDecimal(millionths: (value.millionths < 0) != (numerator < 0) ? .min : .max)
    }

    /// `value × self`, rounded half-even to six fractional digits; nil on overflow.
    func apply(to value: ExactDecimal) -> ExactDecimal? {
        let (n, overflow) = value.millionths.multipliedReportingOverflow(by: numerator)
        guard !overflow, denominator != 0 else { return nil }
        return ExactDecimal(millionths: divideHalfEven(n, denominator))
    }

    static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }
}
