import LedgerGenerator
import Testing

@testable import HTLCore

/// The eight-bytes-at-a-time helpers answer as a byte-by-byte loop does.
@Suite struct ByteWordsTests {
    @Test func countingAByteAgreesWithCountingOneByOne() {
        var rng = SeededGenerator(seed: 41)
        for _ in 0..<2_000 {
            // Few distinct values, so runs of the counted byte fill whole words.
            let bytes = (0..<Int.random(in: 0...70, using: &rng)).map { _ in
                [0x0A, 0x20, 0x41, 0xFF, 0x00].randomElement(using: &rng)! as UInt8
            }
            for byte: UInt8 in [0x0A, 0x00, 0xFF] {
                #expect(ByteCount.occurrences(of: byte, in: bytes.span) == bytes.count { $0 == byte }, "\(bytes)")
            }
        }
        let newlines = [UInt8](repeating: 0x0A, count: 64)
        #expect(ByteCount.occurrences(of: 0x0A, in: newlines.span) == 64)
    }

    /// The end of a line, found by `memchr`, is where a loop stops: at the
    /// first LF from `from`, never one before it or at `end` and beyond.
    @Test func aLineBreakIsFoundWhereALoopStops() {
        var rng = SeededGenerator(seed: 53)
        for _ in 0..<4_000 {
            let bytes = (0..<Int.random(in: 0...120, using: &rng)).map { _ in
                [0x0A, 0x20, 0x41, 0x41, 0x41, 0x0D].randomElement(using: &rng)! as UInt8
            }
            let from = Int.random(in: 0...bytes.count, using: &rng)
            let end = Int.random(in: from...bytes.count, using: &rng)
            let expected = bytes[from..<end].firstIndex(of: 0x0A) ?? end
            #expect(RawBytes.lineBreak(in: bytes.span, from: from, end: end) == expected, "\(bytes) \(from)..<\(end)")
        }
        // A break just past `end` is not found; one at the last byte before it is.
        let line = Array((String(repeating: "x", count: 40) + "\n").utf8)
        #expect(RawBytes.lineBreak(in: line.span, from: 0, end: 40) == 40)
        #expect(RawBytes.lineBreak(in: line.span, from: 3, end: 41) == 40)
        #expect(RawBytes.lineBreak(in: [UInt8]().span, from: 0, end: 0) == 0)
        // A range that ends before it starts answers its start, as `firstIndex` does.
        #expect(RawBytes.lineBreak(in: line.span, from: 12, end: 5) == 12)
        #expect(ByteWords.firstIndex(of: 0x0A, in: line.span, from: 12, end: 5) == 12)
    }

    @Test func lineBreaksAndTheLinesAfterThemAgreeWithALoop() {
        var rng = SeededGenerator(seed: 47)
        for _ in 0..<4_000 {
            let bytes = (0..<Int.random(in: 0...80, using: &rng)).map { _ in
                [0x0A, 0x0D, 0x23, 0x32, 0x20, 0x0A].randomElement(using: &rng)! as UInt8
            }
            let breaks = bytes.count { $0 == 0x0A }
            let beforeNoAction = bytes.indices.dropLast().count {
                bytes[$0] == 0x0A && [0x0A, 0x0D, 0x23].contains(bytes[$0 + 1])
            }
            let counted = ByteCount.lineBreaks(in: bytes.span)
            #expect(counted.breaks == breaks && counted.beforeNoAction == beforeNoAction, "\(bytes)")
        }
        // Across the end of a word: a break as the eighth byte, a comment as the ninth.
        let across = Array("2026-11\n# note\n".utf8)
        #expect(ByteCount.lineBreaks(in: across.span) == (2, 1))
        // Across the end of a sixteen-byte step, and into the bytes after the last step.
        for text in ["2026-11-03 run\n# note\n", "2026-11-03 run 5\n#", "2026-11-03 run 5\n\n\r\n#x\n"] {
            let bytes = Array(text.utf8)
            let breaks = bytes.count { $0 == 0x0A }
            let beforeNoAction = bytes.indices.dropLast().count {
                bytes[$0] == 0x0A && [0x0A, 0x0D, 0x23].contains(bytes[$0 + 1])
            }
            #expect(ByteCount.lineBreaks(in: bytes.span) == (breaks, beforeNoAction), "\(text.debugDescription)")
        }
    }

    @Test func anyBelowAndAboveAgreeWithTheBytes() {
        var rng = SeededGenerator(seed: 43)
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in
                [0x00, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0xFF, UInt8.random(in: 0...255, using: &rng)].randomElement(
                    using: &rng)! as UInt8
            }
            let word = RawBytes.word(bytes.span, 0)
            #expect((ByteWords.anyBelow(word, 0x20) != 0) == bytes.contains { $0 < 0x20 }, "\(bytes)")
            #expect((ByteWords.anyAbove(word, 0x7E) != 0) == bytes.contains { $0 > 0x7E }, "\(bytes)")
        }
    }
}
