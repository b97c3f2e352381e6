import LedgerGenerator
import Testing

@testable import HTLEdit

/// `htl merge-log`: what both sides appended, kept once each, in one order
/// whichever side is which; a changed committed line is not merged.
@Suite struct LogMergeTests {
    static func merged(_ base: String, _ ours: String, _ theirs: String) -> String? {
        guard
            case .merged(let bytes) = LogMerge.merge(
                base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8))
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static let base = "# 2026\n2026-11-20 Run 5km +run\n"

    @Test func bothSidesAppendsInDateOrderEachSideInItsOwn() {
        let ours = Self.base + "2026-11-22 Swim 1km\n2026-11-21 Late entry 2km +run\n"
        let theirs = Self.base + "2026-11-21 08:00 Run 3km +run\n# the evening\n2026-11-22 07:00 Yoga 20min\n"
        let expected =
            Self.base + "2026-11-21 08:00 Run 3km +run\n2026-11-22 Swim 1km\n2026-11-21 Late entry 2km +run\n"
            + "# the evening\n2026-11-22 07:00 Yoga 20min\n"
        #expect(Self.merged(Self.base, ours, theirs) == expected)
        // The same bytes whichever side is ours.
        #expect(Self.merged(Self.base, theirs, ours) == expected)
    }

    @Test func aLineBothSidesAddedIsKeptOnce() {
        let shared = "2026-11-21 Run 3km +run\n"
        #expect(
            Self.merged(Self.base, Self.base + shared + "2026-11-22 Swim 1km\n", Self.base + shared)
                == Self.base + shared + "2026-11-22 Swim 1km\n")
        // Twice on one side is two actions: both stay.
        #expect(Self.merged(Self.base, Self.base + shared + shared, Self.base + shared) == Self.base + shared + shared)
        // A base without its final line feed, one side unchanged.
        #expect(
            Self.merged("2026-11-20 Run", "2026-11-20 Run\n", "2026-11-20 Run\n2026-11-21 Swim\n")
                == "2026-11-20 Run\n2026-11-21 Swim\n")
    }

    /// An action line may start with blanks: it is an action all the same, kept once and placed by its date.
    @Test func anIndentedActionIsAnAction() {
        let ours = Self.base + "  2026-11-22 Swim 1km\n2026-11-23 Run 3km +run\n"
        let theirs = Self.base + "  2026-11-22 Swim 1km\n2026-11-24 Yoga 20min\n"
        #expect(
            Self.merged(Self.base, ours, theirs)
                == Self.base + "  2026-11-22 Swim 1km\n2026-11-23 Run 3km +run\n2026-11-24 Yoga 20min\n")
    }

    @Test func aChangedOrRemovedCommittedLineIsNamed() {
        #expect(
            LogMerge.merge(
                base: Array(Self.base.utf8), ours: Array((Self.base + "2026-11-22 Swim\n").utf8),
                theirs: Array("# 2026\n2026-11-20 Run 6km +run\n".utf8))
                == .rewritten(side: "theirs", line: 2, was: "2026-11-20 Run 5km +run", now: "2026-11-20 Run 6km +run"))
        #expect(
            LogMerge.merge(base: Array(Self.base.utf8), ours: Array("# 2026\n".utf8), theirs: Array(Self.base.utf8))
                == .rewritten(side: "ours", line: 2, was: "2026-11-20 Run 5km +run", now: nil))
    }

    /// Random appends on both sides: the common text leads, each side's own
    /// lines keep their order, and the sides can swap without a byte changing.
    @Test func randomAppendsMergeTheSameEitherWay() {
        var random = SeededGenerator(seed: 54)
        let words = ["Run 3km +run", "Swim 1km", "# note", "", "Yoga 20min", "Read 30pages"]
        func line() -> String {
            let word = words.randomElement(using: &random)!
            if word.isEmpty || word.hasPrefix("#") { return word }
            let day = Int.random(in: 20...23, using: &random)
            let time = Bool.random(using: &random) ? " 0\(Int.random(in: 6...9, using: &random)):00" : ""
            return "2026-11-\(day)\(time) \(word)"
        }
        for _ in 0..<300 {
            let ours = (0..<Int.random(in: 0...5, using: &random)).map { _ in line() }
            let theirs = (0..<Int.random(in: 0...5, using: &random)).map { _ in line() }
            func text(_ lines: [String]) -> String { Self.base + lines.map { $0 + "\n" }.joined() }
            let one = Self.merged(Self.base, text(ours), text(theirs))
            #expect(one != nil && one == Self.merged(Self.base, text(theirs), text(ours)))
            guard let one, one.hasPrefix(Self.base) else { continue }
            let added = one.dropFirst(Self.base.count).split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast()
                .map(String.init)
            for (side, other) in [(ours, theirs), (theirs, ours)] {
                // The side's lines that the other did not add too appear in the result in its order.
                var rest = added[...]
                for l in side where !other.contains(l) {
                    guard let i = rest.firstIndex(of: l) else {
                        Issue.record("\(l) missing: \(one)")
                        break
                    }
                    rest = rest[(i + 1)...]
                }
            }
            #expect(added.count <= ours.count + theirs.count && added.count >= max(ours.count, theirs.count))
        }
    }
}
