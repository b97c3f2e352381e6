import HTLCore
import LedgerGenerator
import Testing

@testable import HTLCheck

/// The append-only rule's comparison of committed log text with the text
/// now: hand-computed cases, and agreement with a line-by-line reference on
/// random edits (the byte-prefix shortcut must never change a verdict).
@Suite struct AppendOnlyTests {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func finding(_ base: String, _ current: String) -> String? {
        RuleDescriptor.firstRewrite(path: "log/2026.log", CommittedLines(base: bytes(base), current: bytes(current)))
            .map { "\($0.location.line): \($0.message)" }
    }

    func prefix(_ base: [UInt8], _ current: [UInt8]) -> Int {
        CommittedLines(base: base, current: current).unchanged
    }

    @Test func aLogThatOnlyGrewKeepsEveryCommittedLine() {
        let base = "2026-11-20 Run 5km +run\n2026-11-21 Run 6km +run\n"
        #expect(prefix(bytes(base), bytes(base + "2026-11-22 Swim\n")) == 2)
        #expect(finding(base, base + "2026-11-22 Swim\n") == nil)
        #expect(prefix(bytes(base), bytes(base)) == 2)
        #expect(prefix([], bytes(base)) == 0)
    }

    @Test func aCommittedLastLineWithoutABreakThatWasExtendedWasChanged() {
        // The bytes still begin the file, but the line itself is longer now.
        #expect(
            finding("2026-11-20 Run 5km +r", "2026-11-20 Run 5km +run\n")
                == "1: committed log line 1 was changed; it was: 2026-11-20 Run 5km +r")
        #expect(prefix(bytes("a\nb"), bytes("a\nbc\n")) == 1)
        #expect(prefix(bytes("a\nb"), bytes("a\nb\nc\n")) == 2)
    }

    @Test func formattingAndLineEndingsAreNotRewrites() {
        #expect(finding("2026-11-20  Run\t5km  +run\r\n", "2026-11-20 Run 5km +run\n2026-11-21 Swim\n") == nil)
        #expect(prefix(bytes("a\r\nb\r\n"), bytes("a\nb\nc\n")) == 2)
        // Blank lines at the end of the committed text need not stay.
        #expect(prefix(bytes("a\nb\n\n  \n"), bytes("a\nb\nc\n")) == 2)
        #expect(finding("a\nb\n\n  \n", "a\nb\n") == nil)
    }

    @Test func changedAndRemovedLinesAreNamedAtTheFirstOne() {
        let base = "2026-11-20 A\n2026-11-21 B\n2026-11-22 C\n2026-11-23 D\n"
        #expect(
            finding(base, "2026-11-20 A\n2026-11-21 X\n2026-11-22 C\n2026-11-23 D\n")
                == "2: committed log line 2 was changed; it was: 2026-11-21 B")
        #expect(finding(base, "2026-11-20 A\n2026-11-21 B\n") == "2: committed log lines 3-4 were removed")
        #expect(finding(base, "2026-11-20 A\n2026-11-21 B\n2026-11-22 C\n") == "3: committed log line 4 was removed")
        #expect(finding(base, "") == "1: committed log lines 1-4 were removed")
        #expect(prefix(bytes(base), bytes("2026-11-20 A\n2026-11-21 B\n")) == 2)
    }

    /// The rule as first written: every line of both texts in canonical form.
    static func reference(_ base: [UInt8], _ current: [UInt8]) -> (prefix: Int, changedAt: Int?) {
        var old = TextLines.split(base).map { CanonicalLogLine.of($0) }
        while let last = old.last, last.isEmpty { old.removeLast() }
        let new = TextLines.split(current).map { CanonicalLogLine.of($0) }
        var n = 0
        while n < old.count, n < new.count, old[n] == new[n] { n += 1 }
        return (n, n < old.count ? n + 1 : nil)
    }

    static let pieces = [
        "2026-11-20", " ", "  ", "\t", "Run", "5km", "\"a  b\"", "\r", "\n", "\r\n", "#", "\u{FEFF}", "x",
    ]

    static func text(_ rng: inout SeededGenerator) -> [UInt8] {
        (0..<Int.random(in: 0...14, using: &rng)).flatMap { _ in Array(pieces.randomElement(using: &rng)!.utf8) }
    }

    @Test func agreesWithTheLineByLineReferenceOnRandomEdits() {
        var rng = SeededGenerator(seed: 14)
        for _ in 0..<5000 {
            let base = Self.text(&rng)
            var current = base
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: current += Self.text(&rng)
            case 1: current = Array(current.prefix(Int.random(in: 0...current.count, using: &rng))) + Self.text(&rng)
            case 2: current = Self.text(&rng)
            default: if !current.isEmpty { current[Int.random(in: 0..<current.count, using: &rng)] = 0x20 }
            }
            let expected = Self.reference(base, current)
            let lines = CommittedLines(base: base, current: current)
            let found = RuleDescriptor.firstRewrite(path: "log/a.log", lines)
            #expect(lines.unchanged == expected.prefix, "\(base) → \(current)")
            #expect((found == nil) == (expected.changedAt == nil), "\(base) → \(current)")
        }
    }
}
