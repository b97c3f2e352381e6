import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A key that is not in the schema. Found while reading, not here:
    /// `FieldReader.rejectUnknownKeys` and `rejectUnknownKey`
    /// (Sources/HTLParse/FieldReader.swift), called by each decoder for its
    /// keys (GoalDecoder, TermDecoder, ValueDecoder, MeasuresDecoder,
    /// SettingsDecoder), and `SettingsDecoder.decodeRules`
    /// (Sources/HTLParse/SettingsDecoder.swift) for a rule's name under
    /// `rules:` in htl.yaml.
    static let unknownField = RuleDescriptor(
        .unknownField, .error,
        summary: "a key that is not in the schema",
        failing: RuleExample(
            [
                ("goals/run-100km.md", RuleExample.goal(["target": "①deadline: 2027-01-10"])),
                (
                    "values/health.md",
                    """
                    ---
                    title: Health
                    level: major
                    ②guidence: Move every day.
                    ---
                    """
                ),
                (
                    "measures.yaml",
                    """
                    km:
                      type: distance
                      aliases: [kilometre]
                      ③unit: kilometres
                    min:
                      type: time
                    hours:
                      type: time
                      equals: 60 min
                    """
                ),
                (
                    "htl.yaml",
                    """
                    htl: 1
                    title: Example ledger
                    rules:
                      ④unknown-units: warning
                    """
                ),
            ],
            finds: [
                "①": "unknown field 'deadline' in a goal",
                "②": "unknown field 'guidence' in a value (did you mean 'guidance'?)",
                "③": "unknown field 'unit' in measure 'km'",
                "④": "unknown rule 'unknown-units' (did you mean 'unknown-unit'?)",
            ]),
        passing: RuleExample([
            ("goals/run-100km.md", RuleExample.goal(["target": "target: 2027-01-10"])),
            (
                "htl.yaml",
                """
                htl: 1
                title: Example ledger
                rules:
                  unknown-unit: warning
                """
            ),
        ]),
        reportedBy: .fileReader)
}
