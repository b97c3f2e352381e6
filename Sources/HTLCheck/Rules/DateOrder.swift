import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A start date after the target or end date.
    static let dateOrder = RuleDescriptor(
        .dateOrder, .error,
        summary: "a start date after the target or end date",
        failing: .file("goals/run-100km.md", RuleExample.goal(["start": "start: ‸2027-01-11"])),
        passing: .file("goals/run-100km.md", RuleExample.goal()),
        reportedBy: .fileReader)
}
