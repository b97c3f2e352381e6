import HTLCore
import HTLModel

extension RuleDescriptor {
    /// Front matter or a YAML file is not valid YAML, or the closing --- is missing.
    static let yamlSyntax = RuleDescriptor(
        .yamlSyntax, .error,
        summary: "front matter or a YAML file is not valid YAML, or the closing --- is missing",
        failing: .file("goals/run-100km.md", RuleExample.goal(["title": "title: ‸\"Run: 100 km"])),
        passing: .file("goals/run-100km.md", RuleExample.goal(["title": "title: \"Run: 100 km\""])),
        reportedBy: .fileReader)
}
