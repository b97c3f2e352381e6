import LedgerGenerator
import Testing

@testable import HTLCore

/// Strict UTF-8 validation finds the first bad byte exactly where a
/// byte-by-byte reading does, and agrees with the standard library on
/// what is valid, whatever mix of ASCII runs (read eight bytes at a time),
/// multi-byte sequences and bad bytes a file holds.
@Suite struct UTF8ValidationTests {
    /// One sequence at a time, as the validator read before it skipped ASCII words.
    static func byteByByte(_ bytes: [UInt8], in range: Range<Int>) -> Int? {
        var i = range.lowerBound
        while i < range.upperBound {
            let length = UTF8Validation.sequenceLength(bytes.span, at: i, end: range.upperBound)
            if length == 0 { return i }
            i += length
        }
        return nil
    }

    static let pieces: [[UInt8]] = [
        Array("plain ascii text ".utf8), Array("é".utf8), Array("€".utf8), Array("𝄞".utf8), [0x0A], [0x20],
        [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0x80],
    ]

    @Test func theFirstBadByteIsWhereAByteByByteReadingFindsIt() {
        var random = SeededGenerator(seed: 8)
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                // Mostly ASCII, as files are: long runs cross word boundaries at every offset.
                let piece =
                    Int.random(in: 0..<4, using: &random) == 0
                    ? Self.pieces.randomElement(using: &random)! : Self.pieces[0]
                bytes += piece.prefix(Int.random(in: 1...piece.count, using: &random))
            }
            let lower = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
            let range = lower..<(lower == bytes.count ? lower : Int.random(in: lower...bytes.count, using: &random))
            #expect(
                UTF8Validation.firstInvalidByte(bytes, in: range) == Self.byteByByte(bytes, in: range),
                "\(bytes) \(range)")
            let whole = UTF8Validation.firstInvalidByte(bytes)
            #expect(whole == Self.byteByByte(bytes, in: 0..<bytes.count))
            #expect((whole == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test func aBadByteAfterLongASCIIIsFoundAtItsOffset() {
        for offset in 0..<40 {
            var bytes = [UInt8](repeating: 0x61, count: 48)
            bytes[offset] = 0xFF
            #expect(UTF8Validation.firstInvalidByte(bytes) == offset)
            #expect(UTF8Validation.firstInvalidByte(bytes, in: (offset + 1)..<48) == nil)
        }
    }
}
