import HTLCore
import HTLModel

/// The filters of `htl actions`.
public struct ActionFilter: Sendable {
    public var goal: String?
    public var tag: String?
    public var from: CivilDate?
    public var to: CivilDate?

    /// `tag` as written on a log line (`#outdoors`) or without its `#`.
    public init(goal: String? = nil, tag: String? = nil, from: CivilDate? = nil, to: CivilDate? = nil) {
        self.goal = goal
        self.tag = tag.map { Identifier.lowercasedASCII(($0.hasPrefix("#") ? $0.dropFirst() : Substring($0)).utf8) }
        self.from = from
        self.to = to
    }

    /// Indices of matching actions, newest first (date, time, then file and line, reversed).
    public func apply(_ ledger: Ledger, _ report: ProgressReport) -> [Int] {
        matching(ledger, report).sorted { Action.chronologically(ledger.actions[$1], ledger.actions[$0]) }
    }

    /// Indices of matching actions, in no promised order (a table of totals needs none).
    public func matching(_ ledger: Ledger, _ report: ProgressReport) -> [Int] {
        var indices: [Int]
        if let goal {
            indices = report.goal(goal).map(\.allActionIndices) ?? []
        } else {
            indices = Array(ledger.actions.indices)
        }
        indices = indices.filter { i in
            let a = ledger.actions[i]
            if let tag, !a.tags.contains(tag) { return false }
            if let from, a.date < from { return false }
            if let to, a.date > to { return false }
            return true
        }
        return indices
    }
}
