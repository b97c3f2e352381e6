import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A major value without `guidance:` in its front matter (text in the
    /// body is not read as guidance).
    static let valueNoGuidance = RuleDescriptor(
        .valueNoGuidance, .warning,
        summary: "a major value without guidance",
        failing: RuleExample(
            [
                (
                    "values/①health.md",
                    """
                    ---
                    title: Health
                    level: major
                    ---
                    """
                ),
                (
                    "values/②family.md",
                    """
                    ---
                    title: Family
                    level: major
                    ---
                    Guidance: call home every Sunday.
                    """
                ),
            ],
            finds: [
                "①": "major value 'health' has no guidance",
                "②": "major value 'family' has no guidance",
            ]),
        passing: RuleExample([
            (
                "values/health.md",
                """
                ---
                title: Health
                level: major
                guidance: Move every day.
                ---
                """
            ),
            (
                "values/rest.md",
                """
                ---
                title: Rest
                ---
                """
            ),
        ]),
        check: noGuidance)

    private static func noGuidance(_ context: RuleContext) -> [Finding] {
        context.ledger.values.compactMap { value in
            guard !context.pathsWithErrors.contains(value.path), value.level == .major, value.guidance == nil else {
                return nil
            }
            return Finding(
                .valueNoGuidance, value.location, "major value '\(value.id)' has no guidance",
                help: "add 'guidance:' saying how you live this value", wholeFile: true)
        }
    }
}
