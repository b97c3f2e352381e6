import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

@testable import HTLCore

@Suite struct ExactDecimalTests {
    func d(_ s: String) -> ExactDecimal { try! ExactDecimal.parse(s).get() }

    @Test func addsWithoutBinaryDrift() {
        #expect((d("0.1") + d("0.2")).description == "0.3")
        #expect((d("5.8") + d("-0.8")).description == "5")
    }

    @Test func printsShortestExactText() {
        #expect(d("100").description == "100")
        #expect(d("41.50").description == "41.5")
        #expect(d("-0.75").description == "-0.75")
        #expect(d("0.000001").description == "0.000001")
        #expect(d("-0").description == "0")
    }

    /// `isSpelled(by:)` says whether the text is `description` exactly:
    /// for every spelling the grammar reads, over random values.
    @Test func aValueIsSpelledByItsDescriptionOnly() {
        for (text, spelled) in [
            ("5", true), ("5.8", true), ("0.5", true), ("-0.8", true), ("10", true), ("0.000001", true),
            ("05", false), ("5.80", false), ("5.0", false), ("00.5", false), ("-0.80", false), ("0", true),
            ("-0", false), ("0.0", false), ("-0.0", false), ("100.050", false), ("100.05", true),
        ] {
            #expect(d(text).isSpelled(by: Array(text.utf8).span) == spelled, "\(text)")
        }
        var random = SeededGenerator(seed: 11)
        for _ in 0..<2000 {
            let whole = String(Int.random(in: 0...99_999, using: &random))
            let zeros = String(repeating: "0", count: Int.random(in: 0...1, using: &random))
            let fraction =
                Bool.random(using: &random)
                ? ""
                : "."
                    + String(
                        (0..<Int.random(in: 1...6, using: &random)).map { _ in
                            Character(String(Int.random(in: 0...9, using: &random)))
                        })
            let text = (Bool.random(using: &random) ? "-" : "") + zeros + whole + fraction
            let bytes = Array(text.utf8)
            let spelled = d(text).isSpelled(by: bytes.span)
            #expect(spelled == (d(text).description == text), "\(text)")
        }
    }

    @Test func parsesOnlyTheDecimalGrammar() {
        #expect(ExactDecimal.parse("1.1234567") == .failure(.tooManyFractionDigits))
        #expect(ExactDecimal.parse("1.1234560").map(\.description) == .success("1.123456"))
        #expect(ExactDecimal.parse("1234567890123456") == .failure(.tooLarge))
        for bad in ["", "-", ".5", "5.", "1e3", "+5", "1,5", "0x10", "1.2.3"] {
            #expect(ExactDecimal.parse(bad) == .failure(.malformed), "\(bad)")
        }
    }

    @Test func roundsHalfToEven() {
        #expect(d("0.12345").rounded(toFractionDigits: 4).description == "0.1234")
        #expect(d("0.12355").rounded(toFractionDigits: 4).description == "0.1236")
        #expect(d("-0.12345").rounded(toFractionDigits: 4).description == "-0.1234")
        #expect(d("2.5").rounded(toFractionDigits: 0).description == "2")
        #expect(d("3.5").rounded(toFractionDigits: 0).description == "4")
        #expect(d("1").divided(by: d("3"))?.description == "0.333333")
        #expect(d("2").divided(by: d("3"))?.description == "0.666667")
        #expect(d("90").divided(by: d("60"))?.description == "1.5")
        #expect(d("1.05").formatted(fractionDigits: 1) == "1.0")
        #expect(d("1.15").formatted(fractionDigits: 1) == "1.2")
    }

    @Test func thousandTenthsMakeExactlyOneHundred() {
        var sum = ExactDecimal.zero
        for _ in 0..<1000 { sum += d("0.1") }
        #expect(sum == ExactDecimal(100))
        #expect(sum.description == "100")
    }

    @Test func saturatesInsteadOfTrapping() {
        let big = ExactDecimal(millionths: .max)
        #expect((big + big) == big)
        #expect(big.multiplied(by: big) == big)
        #expect(big.divided(by: ExactDecimal.zero) == nil)
    }

    /// Property: summing random exact decimals equals their exact sum, in any order.
    @Test func randomSumsAreExactAndOrderIndependent() {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<200 {
            let count = Int.random(in: 1...50, using: &rng)
            var values: [(text: String, millionths: Int128)] = []
            for _ in 0..<count {
                let whole = Int.random(in: -99_999...99_999, using: &rng)
                let fraction = Int.random(in: 0...999_999, using: &rng)
                let negative = whole < 0 || (whole == 0 && Bool.random(using: &rng))
                let text =
                    (negative && whole == 0 ? "-" : "")
                    + "\(whole).\(String(repeating: "0", count: 6 - String(fraction).count))\(fraction)"
                let magnitude = Int128(abs(whole)) * 1_000_000 + Int128(fraction)
                values.append((text, negative ? -magnitude : magnitude))
            }
            let exact = values.reduce(Int128(0)) { $0 + $1.millionths }
            let forward = values.reduce(ExactDecimal.zero) { $0 + d($1.text) }
            let backward = values.reversed().reduce(ExactDecimal.zero) { $0 + d($1.text) }
            #expect(forward.millionths == exact)
            #expect(backward == forward)
        }
    }

    /// The short way (64-bit, for the usual quantity) gives exactly what the
    /// detailed reading gives, and leaves everything else to it: random
    /// texts of digits, signs and points, around every limit.
    @Test func theShortWayAgreesWithTheDetailedReading() {
        var random = SeededGenerator(seed: 67)
        let alphabet = Array("0123456789.-".utf8) + [UInt8(ascii: "x")]
        var texts: [[UInt8]] = (0..<6_000).map { _ in
            (0..<Int.random(in: 0...24, using: &random)).map { _ in
                Int.random(in: 0..<4, using: &random) == 0
                    ? alphabet.randomElement(using: &random)!
                    : UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random)
            }
        }
        for whole in [1, 14, 15, 16] {
            for decimals in [0, 1, 6, 7] {
                let digits =
                    String(repeating: "9", count: whole)
                    + (decimals > 0 ? "." + String(repeating: "9", count: decimals) : "")
                texts += [Array(digits.utf8), Array(("-" + digits).utf8), Array(("000" + digits).utf8)]
            }
        }
        var short = 0
        for text in texts {
            let detailed = ExactDecimal.parseInDetail(text.span)
            #expect(ExactDecimal.parse(text) == detailed, "\(String(decoding: text, as: UTF8.self))")
            if ExactDecimal.parseShort(text.span) != nil { short += 1 }
        }
        #expect(short > 500)
    }
}
