import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A key that is not in the schema.
    static let unknownField = RuleDescriptor(
        .unknownField, .error,
        summary: "a key that is not in the schema",
        failing: .file("goals/run-100km.md", RuleExample.goal(["target": "‸deadline: 2027-01-10"])),
        passing: .file("goals/run-100km.md", RuleExample.goal(["target": "target: 2027-01-10"])),
        reportedBy: .fileReader)
}
