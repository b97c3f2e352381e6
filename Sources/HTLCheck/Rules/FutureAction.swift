import HTLCore
import HTLModel

extension RuleDescriptor {
    /// An action dated after today: parsed, listed, counted once its day comes.
    static let futureAction = RuleDescriptor(
        .futureAction, .warning,
        summary: "an action dated after today",
        failing: RuleExample(
            [
                (
                    "log/2026.log",
                    """
                    2026-11-20 Run 5km +run-100km
                    ①2026-11-23 Long run 12km +run-100km
                    """
                ),
                ("log/2027.log", "②2027-01-04 Run 5km +run-100km"),
            ],
            finds: [
                "①": "action dated 2026-11-23 is after today (2026-11-22)",
                "②": "action dated 2027-01-04 is after today (2026-11-22)",
            ]),
        passing: .file(
            "log/2026.log",
            """
            2026-11-20 Run 5km +run-100km
            2026-11-22 Long run 12km +run-100km
            """),
        weight: 1, check: futureActions)

    private static func futureActions(_ context: RuleContext) -> [Finding] {
        // Days from the facts; an action is read only for a finding.
        let actions = context.ledger.actions
        let today = Int32(clamping: context.today.dayNumber)
        return context.actionFacts.indices.compactMap { i in
            guard context.actionFacts[i].day > today else { return nil }
            return Finding(
                .futureAction, actions[i].location, "action dated \(actions[i].date) is after today (\(context.today))")
        }
    }
}
