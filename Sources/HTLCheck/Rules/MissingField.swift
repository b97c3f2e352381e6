import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A required key is absent.
    static let missingField = RuleDescriptor(
        .missingField, .error,
        summary: "a required key is absent",
        failing: .file("goals/run-100km.md", "‸" + RuleExample.goal(["title": ""])),
        passing: .file("goals/run-100km.md", RuleExample.goal()),
        reportedBy: .fileReader)
}
