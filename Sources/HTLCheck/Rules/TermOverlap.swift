import HTLCore
import HTLModel

extension RuleDescriptor {
    /// Two terms' date ranges overlap (a cancelled term is left out): each
    /// term is said to overlap the term reaching furthest among those that
    /// start before it.
    static let termOverlap = RuleDescriptor(
        .termOverlap, .warning,
        summary: "two terms' date ranges overlap",
        failing: RuleExample(
            [
                (
                    "terms/①term-8.md",
                    """
                    ---
                    number: 8
                    start: 2027-01-01
                    ---
                    """
                ),
                (
                    "terms/②term-9.md",
                    """
                    ---
                    number: 9
                    start: 2026-12-01
                    end: 2026-12-20
                    ---
                    """
                ),
            ],
            finds: [
                "①": "term 8 (2027-01-01 to 2027-03-11) overlaps term 7 (2026-11-02 to 2027-01-10)",
                "②": "term 9 (2026-12-01 to 2026-12-20) overlaps term 7 (2026-11-02 to 2027-01-10)",
            ]),
        passing: RuleExample([
            (
                "terms/term-8.md",
                """
                ---
                number: 8
                start: 2027-01-11
                ---
                """
            ),
            (
                "terms/term-9.md",
                """
                ---
                number: 9
                start: 2026-12-01
                end: 2026-12-20
                status: cancelled
                ---
                """
            ),
        ]),
        check: overlaps)

    /// Terms by start date; each term that starts on or before the latest end
    /// seen so far overlaps that term (one finding per term, linear after sorting).
    private static func overlaps(_ context: RuleContext) -> [Finding] {
        let terms = context.ledger.terms.filter { $0.status != .cancelled }
        let order = terms.indices.sorted {
            terms[$0].start != terms[$1].start ? terms[$0].start < terms[$1].start : $0 < $1
        }
        var found: [Finding] = []
        var latest: Term?
        for i in order {
            let term = terms[i]
            if let earlier = latest, term.start <= earlier.end {
                found.append(
                    Finding(
                        .termOverlap, term.location,
                        "term \(term.number) (\(term.start) to \(term.end)) overlaps term \(earlier.number) "
                            + "(\(earlier.start) to \(earlier.end))",
                        wholeFile: true))
            }
            if latest.map({ term.end > $0.end }) ?? true { latest = term }
        }
        return found
    }
}
