/// Positions in `ledger.actions`, each held in 32 bits: what a goal
/// counts (`GoalProgress.actionIndices`) is kept for every goal, and goals
/// that share a tag count the same actions, so a million actions make
/// millions of positions (`status` at a million actions held 37 MB of them
/// as `[Int]`). A ledger's actions are held in memory, over 100 bytes
/// each: 2^31 of them would take more than 200 GB, so a position always
/// fits (`ActionIndex.Dated` holds them in 32 bits too).
public struct ActionPositions: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    // Inlinable: listings in other modules read every element.
    @usableFromInline let positions: [Int32]

    init(_ positions: [Int32]) {
        self.positions = positions
    }

    public init(arrayLiteral elements: Int...) {
        positions = elements.map { Int32($0) }
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { positions.count }
    @inlinable public var count: Int { positions.count }
    @inlinable public subscript(position: Int) -> Int { Int(positions[position]) }

    /// As an array's, e.g. `[3, 5]`.
    public var description: String { Array(self).description }
}
