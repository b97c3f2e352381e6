import HTLCore
import HTLModel

extension RuleDescriptor {
    static let valueNoGuidance = RuleDescriptor(
        .valueNoGuidance, .warning,
        summary: "a major value without guidance",
        failing: .file("values/health.md", "‸---\ntitle: Health\nlevel: major\n---\n"),
        passing: .file("values/health.md", "---\ntitle: Health\nlevel: major\nguidance: Move every day.\n---\n"),
        check: noGuidance)

    private static func noGuidance(_ context: RuleContext) -> [Finding] {
        context.ledger.values.compactMap { value in
            guard !context.pathsWithErrors.contains(value.path), value.level == .major, value.guidance == nil else { return nil }
            return Finding(.valueNoGuidance, value.location, "major value '\(value.id)' has no guidance",
                           help: "add 'guidance:' saying how you live this value", wholeFile: true)
        }
    }
}
