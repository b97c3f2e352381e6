import HTLCore
import HTLModel

extension RuleDescriptor {
    /// Two files with one id in one kind or two terms with one number,
    /// checked here (`duplicates`); or a measure name used twice, found while
    /// reading measures.yaml: `MeasuresDecoder.decode`
    /// (Sources/HTLParse/MeasuresDecoder.swift). A measure id written twice
    /// is a key written twice, `yaml-syntax`.
    static let duplicateID = RuleDescriptor(
        .duplicateID, .error,
        summary: "two files with one id, two terms with one number, or a measure name used twice",
        failing: RuleExample(
            [
                ("goals/2025/run-100km.md", RuleExample.goal()),
                ("goals/①run-100km.md", RuleExample.goal()),
                (
                    "terms/term-8.md",
                    """
                    ---
                    number: ②7
                    start: 2027-01-11
                    ---
                    """
                ),
                (
                    "measures.yaml",
                    """
                    km:
                      type: distance
                      aliases: [kilometre]
                    ③kilometre:
                      type: distance
                    min:
                      type: time
                      aliases: [minute, ④km]
                    hours:
                      type: time
                      equals: 60 min
                    """
                ),
            ],
            finds: [
                "①": "goal id 'run-100km' is also used by goals/2025/run-100km.md",
                "②": "term number 7 is also used by terms/term-7.md",
                "③": "'kilometre' is already an alias of measure 'km'",
                "④": "alias 'km' is already the id of measure 'km'",
            ]),
        passing: RuleExample([
            ("goals/2025/run-100km-2025.md", RuleExample.goal()),
            (
                "terms/term-8.md",
                """
                ---
                number: 8
                start: 2027-01-11
                ---
                """
            ),
        ]),
        check: duplicates)

    private static func duplicates(_ context: RuleContext) -> [Finding] {
        let ledger = context.ledger
        var found: [Finding] = []
        // Each id's first position, hashed once per entity; places are worked out only for a finding.
        func repeated(_ kind: String, _ ids: [String], _ location: (Int) -> SourceLocation) {
            var first: [String: Int] = [:]
            first.reserveCapacity(ids.count)
            for (position, id) in ids.enumerated() {
                guard let earlier = first.updateValue(position, forKey: id) else { continue }
                first[id] = earlier
                found.append(
                    Finding(
                        .duplicateID, location(position),
                        "\(kind) id '\(id)' is also used by \(location(earlier).path)", wholeFile: true))
            }
        }
        repeated("value", ledger.values.map(\.id)) { ledger.values[$0].location }
        repeated("term", ledger.terms.map(\.id)) { ledger.terms[$0].location }
        repeated("goal", ledger.goals.map(\.id)) { ledger.goals[$0].location }
        var numbers: [Int: Term] = [:]
        for term in ledger.terms {
            if let earlier = numbers[term.number] {
                found.append(
                    Finding(
                        .duplicateID, term.numberLocation, "term number \(term.number) is also used by \(earlier.path)")
                )
            } else {
                numbers[term.number] = term
            }
        }
        return found
    }
}
