import HTLCore
import HTLModel

extension RuleDescriptor {
    static let termOverlap = RuleDescriptor(
        .termOverlap, .warning,
        summary: "two terms' date ranges overlap",
        failing: .file("terms/term-8.md", "‸---\nnumber: 8\nstart: 2027-01-01\n---\n"),
        passing: .file("terms/term-8.md", "---\nnumber: 8\nstart: 2027-01-11\n---\n"),
        check: overlaps)

    /// Terms by start date; each term that starts on or before the latest end
    /// seen so far overlaps that term (one finding per term, linear after sorting).
    private static func overlaps(_ context: RuleContext) -> [Finding] {
        let terms = context.ledger.terms.filter { $0.status != .cancelled }
        let order = terms.indices.sorted { terms[$0].start != terms[$1].start ? terms[$0].start < terms[$1].start : $0 < $1 }
        var found: [Finding] = []
        var latest: Term?
        for i in order {
            let term = terms[i]
            if let earlier = latest, term.start <= earlier.end {
                found.append(Finding(.termOverlap, term.location,
                                     "term \(term.number) (\(term.start) to \(term.end)) overlaps term \(earlier.number) (\(earlier.start) to \(earlier.end))",
                                     wholeFile: true))
            }
            if latest.map({ term.end > $0.end }) ?? true { latest = term }
        }
        return found
    }
}
