import HTLKit
import HTLTestSupport
import Testing

@testable import HTLCheck
@testable import HTLCore
@testable import HTLFormat
@testable import HTLModel
@testable import HTLParse
@testable import HTLRender

/// YAML 1.1's surprises must not reach the model.
@Suite struct YAMLTrapTests {
    func goal(_ frontMatter: String) -> (Goal?, [Finding]) {
        let files = SampleLedger.with(["goals/run.md": "---\n" + frontMatter + "---\n## Action plan\n"])
        let loaded = SampleLedger.load(files)
        return (loaded.ledger.goal("run"), loaded.findings)
    }

    @Test(arguments: ["yes", "no", "on", "off", "true", "False", "y", "null-ish", "1.5", "~tilde"])
    func plainWordsStayText(_ word: String) {
        let (g, diagnostics) = goal("title: \(word)\n")
        #expect(diagnostics.isEmpty)
        #expect(g?.title == word)
    }

    @Test func valueFieldsKeepYesAndOnAsText() {
        let loaded = SampleLedger.load(
            SampleLedger.with(["values/health.md": "---\ntitle: on\ndomain: yes\nguidance: no\n---\n"]))
        #expect(loaded.findings.isEmpty)
        let value = loaded.ledger.value("health")
        #expect(value?.title == "on")
        #expect(value?.domain == "yes")
        #expect(value?.guidance == "no")
    }

    @Test func leadingZeroIsInvalidNotOctal() {
        let (g, diagnostics) = goal("title: Run\nimportance: 017\n")
        #expect(diagnostics.map(\.rule) == [.invalidValue])
        #expect(diagnostics.first?.location == SourceLocation(path: "goals/run.md", line: 3, column: 13))
        #expect(
            diagnostics.first?.message
                == "importance must be an integer from 1 to 10, found 017 (leading zeros are not allowed)")
        #expect(g?.importance == 8)  // the default, not 15
    }

    @Test func impossibleDateIsInvalidValue() {
        let (_, diagnostics) = goal("title: Run\nstart: 2026-02-30\n")
        #expect(diagnostics.map(\.rule) == [.invalidValue])
        #expect(diagnostics.first?.location == SourceLocation(path: "goals/run.md", line: 3, column: 8))
        #expect(diagnostics.first?.message == "start: 2026-02-30 is not a real date: February 2026 has 28 days")
    }

    @Test func duplicateKeysAreReportedAndTheFirstCounts() {
        let (g, diagnostics) = goal("title: First\nurgency: 3\ntitle: Second\n")
        #expect(diagnostics.map(\.rule) == [.yamlSyntax])
        #expect(diagnostics.first?.location == SourceLocation(path: "goals/run.md", line: 4, column: 1))
        #expect(diagnostics.first?.message == "duplicate key 'title' (first on line 2)")
        #expect(g?.title == "First")
        #expect(g?.urgency == 3)
    }

    /// Small mappings search their keys; large ones keep a table: both
    /// report every repeat at its own line, naming the first.
    @Test func duplicateKeysAreFoundInLargeMappings() throws {
        var yaml = "title: Run\ntargets:\n"
        for k in 0..<40 { yaml += "  m\(k): \(k + 1)\n" }
        yaml += "  m3: 9\n  m39: 9\n  m40: 1\n  m40: 2\n"
        let parsed = YAMLParser.parse(Array(yaml.utf8)[...], path: "goals/run.md", firstLine: 2)
        #expect(
            parsed.diagnostics.map(\.message) == [
                "duplicate key 'm3' (first on line 7)", "duplicate key 'm39' (first on line 43)",
                "duplicate key 'm40' (first on line 46)",
            ])
        #expect(parsed.diagnostics.map(\.location.line) == [44, 45, 47])
        let targets = try #require(parsed.root?.pairs?.last?.value.pairs)
        #expect(targets.count == 41)
        #expect(targets[3].value.scalar == "4")
        #expect(targets[40].value.scalar == "1")
    }

    @Test func quotedNumbersAndDatesAreAcceptedForTypedFields() {
        let (g, diagnostics) = goal("title: Run\nimportance: \"9\"\ntarget: '2027-01-10'\n")
        #expect(diagnostics.isEmpty)
        #expect(g?.importance == 9)
        #expect(g?.target?.description == "2027-01-10")
    }

    @Test func tagsAnchorsAndAliasesAreRefused() {
        let (_, tagged) = goal("title: !!str Run\n")
        #expect(tagged.map(\.rule) == [.invalidValue])
        #expect(tagged.first?.message.contains("'tag:yaml.org,2002:str'") == true)
        let (_, aliased) = goal("title: &t Run\ndomain: *t\n")
        #expect(aliased.map(\.rule).contains(.invalidValue))
    }

    @Test func deepNestingIsAFindingNotACrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let (_, diagnostics) = goal("title: Run\ntags: \(deep)\n")
        #expect(diagnostics.map(\.rule) == [.yamlSyntax])
        #expect(diagnostics.first?.message == "nesting is deeper than 32 levels")
    }

    /// Found by make fuzz: libyaml placed the end of an unfinished flow
    /// sequence one line past a file without a final newline.
    @Test func anErrorAtTheEndOfTheStreamPointsInsideTheFile() {
        let files = SampleLedger.with(["measures.yaml": "km:\n  type: distance\ntags: ["])
        let findings = SampleLedger.load(files).findings.filter { $0.location.path == "measures.yaml" }
        #expect(findings.map(\.rule) == [.yamlSyntax])
        // Just after the bracket, where the text ends.
        #expect(findings.first.map { ($0.location.line, $0.location.column) } ?? (0, 0) == (3, 8))
    }

    static let piano = """
        ---
        title: Practise piano for 20 hours
        start: 2026-11-02
        target: 2027-01-10
        term: 1
        targets:
          km: 20
        values:
          health: 5
         tags: [piano]
        ---

        """

    /// What libyaml rejects is reported where the mistake is, in the file's
    /// own lines (front matter starts on line 2), with the construct it was
    /// reading and where that starts; a quote, bracket or key left open is
    /// reported where it opens, with where libyaml gave up.
    @Test(arguments: [
        (
            "goals/piano-20h.md", piano, 10, 2,
            "invalid YAML: did not find expected key while parsing a block mapping that starts at line 2, column 1"
        ),
        (
            "measures.yaml", "km:\n  type: distance\n aliases: [k]\n", 3, 2,
            "invalid YAML: did not find expected key while parsing a block mapping that starts at line 1, column 1"
        ),
        (
            "htl.yaml", "htl: 1\nrules:\n  unknown-unit: warning\n bad-id: warning\n", 4, 2,
            "invalid YAML: did not find expected key while parsing a block mapping that starts at line 1, column 1"
        ),
        (
            "htl.yaml", "htl: 1\ntitle: My ledger\n\tweek_start: monday\n", 3, 1,
            "invalid YAML: found a tab character that violates indentation while scanning a plain scalar that "
                + "starts at line 2, column 8"
        ),
        (
            "goals/piano-20h.md", "---\ntitle: \"Piano\n---\n", 2, 8,
            "invalid YAML: found unexpected end of stream while scanning a quoted scalar that starts here "
                + "(problem at line 2, column 14)"
        ),
        (
            "measures.yaml", "km:\n  type: distance\nmin:\n  type: time\n  aliases: [minutes\nhours:\n  type: time\n",
            5, 12,
            "invalid YAML: did not find expected ',' or ']' while parsing a flow sequence that starts here "
                + "(problem at line 6, column 6)"
        ),
        (
            "htl.yaml", "htl: 1\ntitle: My ledger\nrules\n  unknown-unit: warning\n", 3, 1,
            "invalid YAML: could not find expected ':' while scanning a simple key that starts here "
                + "(problem at line 4, column 15)"
        ),
    ])
    func yamlErrorsAreReportedWhereTheMistakeIs(
        _ path: String, _ text: String, _ line: Int, _ column: Int, _ message: String
    ) {
        let findings = SampleLedger.load(SampleLedger.with([path: text])).findings.filter { $0.location.path == path }
        #expect(findings.map(\.rule) == [.yamlSyntax])
        #expect(findings.first?.location == SourceLocation(path: path, line: line, column: column))
        #expect(findings.first?.message == message)
    }

    @Test func htlVersionAndRuleSettings() {
        let files = SampleLedger.with([
            "htl.yaml": "htl: 2\nrules:\n  goal-no-plan: off\n  unknwn-unit: warning\n  bad-id: off\n"
        ])
        let loaded = SampleLedger.load(files)
        #expect(
            SampleLedger.check(files).diagnostics.map(\.message) == [
                "htl must be 1 (the only format version), found 2",
                "unknown rule 'unknwn-unit' (did you mean 'unknown-unit'?)",
                "bad-id is an error rule: it can be lowered to warning but not turned off",
            ])
        let rules = RuleConfiguration(loaded.ledger.settings.rules)
        #expect(rules.severity(of: .goalNoPlan) == nil)
        #expect(rules.severity(of: .badID) == .warning)
        #expect(rules.severity(of: .unknownUnit) == .error)
    }

    @Test func missingSettingsVersion() {
        let loaded = SampleLedger.load(SampleLedger.with(["htl.yaml": "title: Mine\n"]))
        #expect(loaded.findings.map(\.rule) == [.missingField])
        #expect(loaded.findings.first?.location.line == 1)
    }

    /// Found by make fuzz: invalid UTF-8 followed by a character libyaml
    /// rejects. The file gets one `encoding` finding at the bad byte; it is
    /// not parsed on repaired bytes (that put the YAML error past the end of
    /// its line).
    @Test func invalidUTF8StopsTheFileAtTheBadByte() {
        let bytes: [UInt8] = Array("---\ntitle: Run\nguidance: ".utf8) + [0x92, 0x92] + Array(" x\u{0F}y\n---\n".utf8)
        let loaded = LedgerParser.parse(
            SampleLedger.files.filter { $0.key != "values/health.md" }.map { SourceFile(path: $0.key, text: $0.value) }
                + [SourceFile(path: "values/health.md", bytes: bytes)])
        let found = loaded.findings.filter { $0.location.path == "values/health.md" }
        #expect(found.map(\.rule) == [.encoding])
        #expect(found.first?.location == SourceLocation(path: "values/health.md", line: 3, column: 11))
        // The value is known to exist: no unknown-value cascade from the goal that aligns to it.
        #expect(!loaded.findings.contains { $0.rule == .unknownValue })
    }

    @Test func readerErrorsAndForeignLineBreaksAreReportedWhereTheyAre() {
        let control = SampleLedger.load(
            SampleLedger.with(["values/health.md": "---\ntitle: Health\ndomain: x\nguidance: He\u{1}alth\n---\n"]))
        #expect(control.findings.map(\.location) == [SourceLocation(path: "values/health.md", line: 4, column: 13)])
        #expect(control.findings.first?.message == "invalid YAML: control characters are not allowed")
        for (text, column, what) in [
            ("htl: 1\rtitle: x\n", 7, "a carriage return without a line feed"),
            ("htl: 1\ntitle: a\u{2028}b\n", 9, "the character U+2028 (line separator)"),
            ("htl: 1\ntitle: a\u{85}b\n", 9, "the character U+0085 (next line)"),
        ] {
            let loaded = SampleLedger.load(SampleLedger.with(["htl.yaml": text]))
            #expect(loaded.findings.map(\.rule) == [.yamlSyntax])
            #expect(loaded.findings.first?.location.column == column)
            #expect(loaded.findings.first?.message.hasPrefix(what) == true)
        }
    }

    @Test func aGoalWithVeryManyTags() {
        let tags = (0..<160_000).map { "t\($0)" }
        let goal = "---\ntitle: Many\ntags: [" + (tags + tags.prefix(1000)).joined(separator: ", ") + "]\n---\n"
        let loaded = SampleLedger.load(SampleLedger.with(["goals/many.md": goal]))
        let many = loaded.ledger.goals.first { $0.id == "many" }
        #expect(many?.tags.count == 160_000)
        #expect(many?.tags.first == "t0")
        #expect(many?.tags.last == "t159999")
    }
}
