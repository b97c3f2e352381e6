import HTLKit
@testable import HTLProgress
import Testing

/// A million actions live in memory at once: their size is a budget.
@Suite struct ActionSizeTests {
    @Test func anActionStaysCompact() {
        #expect(MemoryLayout<Action>.stride == 120)
        #expect(MemoryLayout<Action.Quantity>.stride == 32)
        #expect(MemoryLayout<SmallList<Action.Link>>.size == 28)
        #expect(MemoryLayout<ExactDecimal>.alignment == 8)
    }

    /// What counting reads of one action fits half a cache line.
    @Test func anActionsCountingFactsAreOneRecord() {
        #expect(MemoryLayout<ActionIndex.Facts>.stride == 32)
    }
}
