import HTLCore
import HTLModel

extension RuleDescriptor {
    /// Two files with one id in one kind, two terms with one number, or a
    /// measure name used twice (found while reading measures.yaml).
    static let duplicateID = RuleDescriptor(
        .duplicateID, .error,
        summary: "two files with one id, two terms with one number, or a measure name used twice",
        failing: RuleExample([("goals/2025/run-100km.md", RuleExample.goal()), ("goals/‸run-100km.md", RuleExample.goal())]),
        passing: RuleExample([("goals/2025/run-100km-2025.md", RuleExample.goal())]),
        check: duplicates)

    private static func duplicates(_ context: RuleContext) -> [Finding] {
        let ledger = context.ledger
        var found: [Finding] = []
        func repeated(_ kind: String, _ items: [(id: String, location: SourceLocation)]) {
            var first: [String: SourceLocation] = [:]
            for item in items {
                if let earlier = first[item.id] {
                    found.append(Finding(.duplicateID, item.location, "\(kind) id '\(item.id)' is also used by \(earlier.path)", wholeFile: true))
                } else {
                    first[item.id] = item.location
                }
            }
        }
        repeated("value", ledger.values.map { ($0.id, $0.location) })
        repeated("term", ledger.terms.map { ($0.id, $0.location) })
        repeated("goal", ledger.goals.map { ($0.id, $0.location) })
        var numbers: [Int: Term] = [:]
        for term in ledger.terms {
            if let earlier = numbers[term.number] {
                found.append(Finding(.duplicateID, term.numberLocation, "term number \(term.number) is also used by \(earlier.path)"))
            } else {
                numbers[term.number] = term
            }
        }
        return found
    }
}
