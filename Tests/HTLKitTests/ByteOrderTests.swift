import LedgerGenerator
import Testing

@testable import HTLCore

/// Paths and ids are ordered by their UTF-8 bytes, as the UTF-8 views compare them.
@Suite struct ByteOrderTests {
    @Test func agreesWithTheUTF8ViewsOnShortLongAndNonASCIIText() {
        var rng = SeededGenerator(seed: 53)
        // Few pieces, so texts often share a prefix or are one another's prefix;
        // short ones are stored inside the String, long ones (over 15 bytes) apart.
        let pieces = [
            "", "a", "b", "goals/", "g0001", "ä", "é", "z", "\u{10FFFF}", "A", "-", ".md",
            String(repeating: "x", count: 20),
        ]
        for _ in 0..<5_000 {
            let a = (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let b =
                Bool.random(using: &rng)
                ? a + pieces.randomElement(using: &rng)!
                : (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            #expect(ByteOrder.precedes(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) \(b)")
            #expect(ByteOrder.precedes(b, a) == b.utf8.lexicographicallyPrecedes(a.utf8), "\(b) \(a)")
        }
        // By bytes, not by characters or case: 'Z' (0x5A) before 'a', 'z' before 'ä' (0xC3).
        #expect(
            ["b", "ä", "a", "Z", "z", "", "ab"].sorted(by: ByteOrder.precedes) == ["", "Z", "a", "ab", "b", "z", "ä"])
    }
}
