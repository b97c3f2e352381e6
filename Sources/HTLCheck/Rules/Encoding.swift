import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A file (or a log line) that is not valid UTF-8: reported at its first bad byte.
    static let encoding = RuleDescriptor(
        .encoding, .error,
        summary: "the file is not valid UTF-8",
        failing: .file("values/health.md", "---\ntitle: Health\nlevel: major\nguidance: Move every day, caf‸\\xE9 after.\n---\n"),
        passing: .file("values/health.md", "---\ntitle: Health\nlevel: major\nguidance: Move every day, café after.\n---\n"),
        reportedBy: .fileReader)
}
