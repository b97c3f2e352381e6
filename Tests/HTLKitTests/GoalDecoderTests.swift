import HTLKit
import HTLTestSupport
import Testing

/// What a goal file's front matter becomes.
@Suite struct GoalDecoderTests {
    /// A goal's tags are lowercased, kept in the order written, each once:
    /// the same whether the goal has a few (looked for in the list) or many
    /// (looked for in a set once the list is long).
    @Test func tagsAreLowercasedInOrderWithoutRepeats() {
        for count in [3, 15, 16, 17, 40] {
            let written = (0..<count).flatMap { ["T\($0)", "t\($0)"] } + ["T0", "x-Y"]
            let text = "---\ntitle: Tags\ntags: [\(written.joined(separator: ", "))]\n---\n## Action plan\n"
            let ledger = SampleLedger.load(SampleLedger.with(["goals/tags.md": text])).ledger
            let goal = ledger.goals.first { $0.id == "tags" }
            #expect(goal?.tags == (0..<count).map { "t\($0)" } + ["x-y"], "\(count) tags")
        }
    }

    /// The decoder's switch over a goal's keys is also what finds unknown
    /// ones: every key of the schema has its case (a key added to the
    /// schema without one would be called unknown here), and a key that is
    /// not in it is named with a suggestion.
    @Test func everySchemaKeyIsKnownAndOthersAreNamed() {
        let text = "---\n" + Schema.goal.map { "\($0):\n" }.joined() + "titel: Typo\n---\n"
        let found = SampleLedger.check(SampleLedger.with(["goals/keys.md": text])).diagnostics
            .filter { $0.rule == .unknownField }
            .map { "\($0.location.line):\($0.location.column): \($0.message)" }
        #expect(found == ["18:1: unknown field 'titel' in a goal (did you mean 'title'?)"])
    }
}
