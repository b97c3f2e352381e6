import HTLCore
import HTLModel

/// Findings of one line, at most `limit` per rule; the rest are counted and
/// summed up in one more finding, so a hostile line cannot make millions.
struct LineFindings {
    static let limit = 5

    private(set) var items: [Finding] = []
    private var counts: [RuleID: Int] = [:]
    private var firstSuppressed: [RuleID: SourceLocation] = [:]

    var isEmpty: Bool { items.isEmpty }

    mutating func add(_ diagnostic: Finding) {
        let n = counts[diagnostic.rule, default: 0] + 1
        counts[diagnostic.rule] = n
        if n <= LineFindings.limit {
            items.append(diagnostic)
        } else if n == LineFindings.limit + 1 {
            firstSuppressed[diagnostic.rule] = diagnostic.location
        }
    }

    func flush(into diagnostics: inout [Finding]) {
        if items.isEmpty { return }
        diagnostics += items
        for (rule, location) in firstSuppressed.sorted(by: { $0.key < $1.key }) {
            let more = counts[rule, default: 0] - LineFindings.limit
            diagnostics.append(Finding(rule, location, "and \(more) more \(rule.rawValue) finding\(more == 1 ? "" : "s") on this line"))
        }
    }
}
