import HTLCore
import HTLModel

extension RuleDescriptor {
    /// An action dated after today: parsed, listed, counted once its day comes.
    static let futureAction = RuleDescriptor(
        .futureAction, .warning,
        summary: "an action dated after today",
        failing: .file("log/2026.log", "2026-11-20 Run 5km +run-100km\n‸2026-11-29 Long run 12km +run-100km\n"),
        passing: .file("log/2026.log", "2026-11-20 Run 5km +run-100km\n2026-11-22 Long run 12km +run-100km\n"),
        weight: 1, check: futureActions)

    private static func futureActions(_ context: RuleContext) -> [Finding] {
        // Days from the facts; an action is read only for a finding.
        let actions = context.ledger.actions
        let today = Int32(clamping: context.today.dayNumber)
        return context.actionFacts.indices.compactMap { i in
            guard context.actionFacts[i].day > today else { return nil }
            return Finding(.futureAction, actions[i].location, "action dated \(actions[i].date) is after today (\(context.today))")
        }
    }
}
