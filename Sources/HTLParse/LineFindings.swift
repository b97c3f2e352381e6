import HTLCore
import HTLModel

/// Findings of one line, at most `limit` per rule; the rest are counted and
/// summed up in one more finding, so a hostile line cannot make millions.
struct LineFindings {
    static let limit = 5

    /// How many findings of one rule the line has, and where the first one
    /// left out is (a line has findings of a few rules at most: a list, not
    /// a table hashing the rule's name for each of ten million findings).
    private struct Tally {
        let rule: RuleID
        var count: Int
        var firstSuppressed: SourceLocation?
    }

    private(set) var items: [Finding] = []
    private var tallies: [Tally] = []

    var isEmpty: Bool { items.isEmpty }

    mutating func add(_ diagnostic: Finding) {
        let t = tally(of: diagnostic.rule)
        tallies[t].count += 1
        if tallies[t].count <= LineFindings.limit {
            items.append(diagnostic)
        } else if tallies[t].count == LineFindings.limit + 1 {
            tallies[t].firstSuppressed = diagnostic.location
        }
    }

    /// Counts one more finding of `rule` when the line already has its
    /// share of them and the first one left out (so nothing of this one is
    /// needed); false otherwise, and nothing is counted.
    mutating func countsOnly(_ rule: RuleID) -> Bool {
        guard let t = tallies.firstIndex(where: { $0.rule == rule }), tallies[t].count > LineFindings.limit else {
            return false
        }
        tallies[t].count += 1
        return true
    }

    private mutating func tally(of rule: RuleID) -> Int {
        if let t = tallies.firstIndex(where: { $0.rule == rule }) { return t }
        tallies.append(Tally(rule: rule, count: 0))
        return tallies.count - 1
    }

    func flush(into diagnostics: inout [Finding]) {
        if items.isEmpty { return }
        diagnostics += items
        for tally in tallies.sorted(by: { $0.rule < $1.rule }) {
            guard let location = tally.firstSuppressed else { continue }
            let more = tally.count - LineFindings.limit
            diagnostics.append(
                Finding(
                    tally.rule, location,
                    "and \(more) more \(tally.rule.rawValue) finding\(more == 1 ? "" : "s") on this line"))
        }
    }
}
