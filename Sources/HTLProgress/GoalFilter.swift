import HTLCore
import HTLModel

/// Which goals a list shows: those in one state, serving one value,
/// committed to one term (each optional), in attention order. `htl serve`'s
/// goals page filters with it; every front end that filters goals should.
public struct GoalFilter: Sendable, Equatable {
    public var state: GoalState?
    public var value: String?
    public var term: Int?

    public init(state: GoalState? = nil, value: String? = nil, term: Int? = nil) {
        self.state = state
        self.value = value
        self.term = term
    }

    public var isEmpty: Bool { state == nil && value == nil && term == nil }

    public func apply(_ report: ProgressReport) -> [GoalProgress] {
        report.attentionOrdered.filter { g in
            if let state, g.state != state { return false }
            if let value, !g.goal.values.contains(where: { $0.value == value }) { return false }
            if let term, !g.goal.terms.contains(where: { $0.number == term }) { return false }
            return true
        }
    }
}
