/// Positions in `ledger.actions`, each held in 32 bits: what a goal
/// counts (`GoalProgress.actionIndices`) is kept for every goal, and goals
/// that share a tag count the same actions, so a million actions make
/// millions of positions (`status` at a million actions held 37 MB of them
/// as `[Int]`). A log has far fewer than 2^31 lines (htl reads no file
/// over 1 GiB), as `ActionIndex.Dated` already assumes.
public struct ActionPositions: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    private var positions: [Int32]

    init(_ positions: [Int32]) {
        self.positions = positions
    }

    public init(arrayLiteral elements: Int...) {
        positions = elements.map { Int32(truncatingIfNeeded: $0) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { positions.count }
    public var count: Int { positions.count }
    public subscript(position: Int) -> Int { Int(positions[position]) }
}
