import HTLModel

/// Room for a log file's actions, shared by the pieces that read it: each
/// piece writes its actions from the slot of its first line, so the pieces
/// never meet; then the runs are moved together. The actions end up in one
/// array without being copied (no second array, no reference counting per
/// field), which halves the memory a long log needs at its peak.
struct ActionSlots: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Action>

    init(_ storage: UnsafeMutableBufferPointer<Action>) {
        base = storage.baseAddress ?? UnsafeMutablePointer(bitPattern: MemoryLayout<Action>.alignment)!
    }

    /// Writes `action` into slot `index` (uninitialized until now).
    func put(_ action: consuming Action, at index: Int) {
        (base + index).initialize(to: action)
    }

    /// Moves runs (`start`, `count`), in order and non-overlapping, to the
    /// front one after the other; returns how many actions there are.
    func compact(_ runs: [(start: Int, count: Int)]) -> Int {
        var end = 0
        for run in runs {
            if run.start != end { (base + end).moveInitialize(from: base + run.start, count: run.count) }
            end += run.count
        }
        return end
    }
}
