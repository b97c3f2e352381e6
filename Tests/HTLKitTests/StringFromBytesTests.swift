import LedgerGenerator
import Testing

@testable import HTLCore

/// Strings made from a line's bytes in place read as `String(decoding:as:)`
/// reads the same bytes, bad UTF-8 repaired the same way.
@Suite struct StringFromBytesTests {
    @Test func agreesWithDecodingOnValidTruncatedAndBadUTF8() {
        var rng = SeededGenerator(seed: 71)
        // Whole and cut-off sequences, stray continuation bytes, bytes never in UTF-8.
        let pieces: [[UInt8]] = [
            [0x67], [0x41, 0x5A], [0x2D, 0x5F], [0xC3, 0xA9], [0xC3], [0xE2, 0x82, 0xAC], [0xE2, 0x82],
            [0xF0, 0x9F, 0x8F, 0x83], [0xF0, 0x9F], [0x80], [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x00],
        ]
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &rng)).flatMap { _ in pieces.randomElement(using: &rng)! }
            do {
                let buffer = bytes.span
                let made = String(utf8Bytes: buffer)
                let decoded = String(decoding: bytes, as: UTF8.self)
                #expect(Array(made.utf8) == Array(decoded.utf8), "\(bytes)")
                let lowered = String(lowercasingASCII: buffer)
                let expected = String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
                #expect(Array(lowered.utf8) == Array(expected.utf8), "\(bytes)")
            }
        }
    }

    @Test func lowercasesOnlyASCIICapitals() {
        let bytes = Array("Run-100KM_Ärger#Z".utf8)
        #expect(String(lowercasingASCII: bytes.span) == "run-100km_Ärger#z")
        #expect(Identifier.lowercasedASCII("OutDoors".utf8) == "outdoors")
    }
}
