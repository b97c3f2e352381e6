@testable import HTLProgress
import LedgerGenerator
import Testing

/// A value's recent actions are counted once each, however many of its
/// goals count them (`ProgressEngine.distinctCount`, one bit per action of
/// the span the lists cover).
@Suite struct DistinctCountTests {
    @Test func anActionSharedByGoalsCountsOnce() {
        #expect(ProgressEngine.distinctCount([[3, 5, 9], [5, 9, 200], [], [3]]) == 4)
    }

    /// A list out of order is counted the same (its ends are not its span).
    @Test func listsOutOfOrderAreCountedExactly() {
        #expect(ProgressEngine.distinctCount([[500, 3, 40], [7, 3]]) == 4)
    }

    @Test func noListsOrOnlyEmptyOnesCountNothing() {
        #expect(ProgressEngine.distinctCount([[Int]]()) == 0)
        #expect(ProgressEngine.distinctCount([[Int]](repeating: [], count: 2)) == 0)
    }

    /// Indices on both sides of a 64-bit word's edge, far from zero.
    @Test func wordEdgesAreCountedExactly() {
        let lists = [[1_000_063, 1_000_064, 1_000_127], [1_000_000, 1_000_064, 1_000_128]]
        #expect(ProgressEngine.distinctCount(lists) == 5)
    }

    /// The same as a Set of them, on lists an ordered log gives (seeded: the same lists every run).
    @Test func agreesWithASetOnManyLists() {
        var generator = SeededGenerator(seed: 30)
        for _ in 0..<50 {
            let lists = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                (0..<Int.random(in: 0...40, using: &generator)).map { _ in Int.random(in: 500...900, using: &generator) }.sorted()
            }
            #expect(ProgressEngine.distinctCount(lists) == Set(lists.joined()).count)
        }
    }
}
