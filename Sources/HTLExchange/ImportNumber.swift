import HTLCore

/// Numbers as exports write them (`5.8`, `90.0`, `1e3`, `0.3333333333333333`)
/// as exact decimals: at most 6 fractional digits, rounded half-even.
enum ImportNumber {
    static func decimal(_ text: String) -> ExactDecimal? {
        var bytes = Array(text.trimmingSpaces.utf8)[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var mantissa: Int128 = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        while let b = bytes.first, b == UInt8(ascii: ".") || digit(b) != nil {
            bytes = bytes.dropFirst()
            if b == UInt8(ascii: ".") {
                guard !inFraction else { return nil }
                inFraction = true
                continue
            }
            digits += 1
            guard digits <= 36 else { return nil }
            mantissa = mantissa * 10 + Int128(digit(b)!)
            if inFraction { fractionDigits += 1 }
        }
        guard digits > 0 else { return nil }
        var exponent = 0
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            guard let value = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)), abs(value) < 40 else {
                return nil
            }
            exponent = value
        } else if !bytes.isEmpty {
            return nil
        }
        guard let millionths = scaled(mantissa, by: exponent - fractionDigits + ExactDecimal.fractionDigits) else {
            return nil
        }
        return ExactDecimal(millionths: negative ? -millionths : millionths)
    }

    /// `value × 10^power`, rounded half-even when the power is negative.
    static func scaled(_ value: Int128, by power: Int) -> Int128? {
        var result = value
        if power >= 0 {
            for _ in 0..<power {
                let (r, overflow) = result.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                result = r
            }
            return result
        }
        var divisor: Int128 = 1
        for _ in 0..<min(-power, 38) { divisor *= 10 }
        let (q, r) = result.quotientAndRemainder(dividingBy: divisor)
        return (2 * r > divisor || (2 * r == divisor && q % 2 == 1)) ? q + 1 : q
    }
}
