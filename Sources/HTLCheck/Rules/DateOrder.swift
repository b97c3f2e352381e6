import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A start date after the target or end date. Found while reading, not
    /// here: `GoalDecoder.decode` and `GoalDecoder.breaks`
    /// (Sources/HTLParse/GoalDecoder.swift) for a goal's dates and breaks,
    /// `TermDecoder.decode` (Sources/HTLParse/TermDecoder.swift) for a term's.
    static let dateOrder = RuleDescriptor(
        .dateOrder, .error,
        summary: "a start date after the target or end date",
        failing: RuleExample(
            [
                (
                    "goals/run-100km.md",
                    RuleExample.goal(
                        ["start": "start: ①2027-01-11"],
                        adding: ["breaks: [②2026-12-31..2026-12-24]"])
                ),
                (
                    "terms/term-8.md",
                    """
                    ---
                    number: 8
                    start: 2027-01-11
                    end: ③2027-01-10
                    ---
                    """
                ),
            ],
            finds: [
                "①": "start (2027-01-11) is after target (2027-01-10)",
                "②": "break 2026-12-31..2026-12-24 starts after it ends",
                "③": "term ends (2027-01-10) before it starts (2027-01-11)",
            ]),
        passing: RuleExample([
            ("goals/run-100km.md", RuleExample.goal(adding: ["breaks: [2026-12-24..2026-12-31]"])),
            (
                "terms/term-8.md",
                """
                ---
                number: 8
                start: 2027-01-11
                end: 2027-01-11
                ---
                """
            ),
        ]),
        reportedBy: .fileReader)
}
