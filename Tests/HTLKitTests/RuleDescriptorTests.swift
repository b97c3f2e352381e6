import HTLKit
import HTLTestSupport
import Testing

/// Every rule lives in one descriptor whose examples are tested: the failing
/// example holds several marked cases and produces exactly the findings
/// listed for its marks (rule, position, severity, message), no more and no
/// fewer; the passing one produces nothing. `htl explain` prints these same
/// examples.
@Suite struct RuleDescriptorTests {
    @Test func everyRuleHasExactlyOneDescriptorInIdOrder() {
        #expect(RuleRegistry.all.map(\.id) == RuleID.allCases)
    }

    @Test func errorsComeFirstAndOnlyWorkflowErrorsCanBeTurnedOff() {
        let severities = RuleRegistry.all.map(\.severity)
        #expect(severities == severities.sorted(by: >))
        for rule in RuleRegistry.all where rule.severity == .error {
            #expect(rule.canBeTurnedOff == (rule.id == .logRewrite), "\(rule.id)")
        }
        let warnings = RuleRegistry.all.filter { $0.severity == .warning }
        #expect(warnings.allSatisfy { $0.canBeTurnedOff })
    }

    @Test func theExampleLedgerIsClean() throws {
        #expect(try RuleExampleRunner.diagnostics(RuleExample([])) == [])
    }

    /// The marks are ①, ②, … in the order their messages are listed, each
    /// written once, none without a message, none listed and not written.
    @Test(arguments: RuleRegistry.all.map(\.id))
    func failingExampleMarksSeveralCasesEachWithItsMessage(_ id: RuleID) {
        let example = RuleRegistry.descriptor(id).failing
        let listed = example.findings.map(\.mark)
        #expect(listed.count >= 2, "\(id): a failing example holds several cases")
        #expect(listed == (0..<listed.count).map { RuleExample.mark($0 + 1) }, "\(id): marks \(listed)")
        #expect(
            example.writtenMarks.map(\.symbol).sorted() == listed.sorted(),
            "\(id): the marks written and those listed differ")
        #expect(example.findings.contains { $0.expected.rule == nil }, "\(id): no case of the rule itself")
    }

    @Test(arguments: RuleRegistry.all.map(\.id))
    func failingExampleFindsExactlyItsMarkedFindings(_ id: RuleID) throws {
        let example = RuleRegistry.descriptor(id).failing
        let found = try RuleExampleRunner.diagnostics(example).map(Self.line)
        #expect(found.sorted() == Self.expected(example, of: id).sorted(), "\(id)")
    }

    @Test(arguments: RuleRegistry.all.map(\.id))
    func passingExampleFindsNothing(_ id: RuleID) throws {
        let example = RuleRegistry.descriptor(id).passing
        #expect(example.writtenMarks.isEmpty && example.findings.isEmpty, "\(id): a passing example has no marks")
        let found = try RuleExampleRunner.diagnostics(example)
        #expect(found.isEmpty, "\(id): \(found.map(Self.line))")
    }

    /// A mark's column counts the text before it as htl does (Unicode
    /// scalars, a raw byte `\xNN` as one), not the other marks; its caret
    /// sits under the text as shown.
    @Test func marksArePlacedAsHtlCountsColumns() {
        let marks = RuleExample.marks(inLine: "①a é\\xE9②b c③④")
        #expect(marks.map(\.column) == [1, 5, 8, 8])
        #expect(marks.map(\.shownOffset) == [0, 7, 10, 10])
        #expect(RuleText.caretLines(marks) == ["^①     ^② ^③④"])
        #expect(RuleText.caretLines(RuleExample.marks(inLine: "a①②b③")) == [" ^①②", "  ^③"])
    }

    /// docs/RULES.md is written from the descriptors (HTL_RECORD=1 rewrites it).
    @Test func rulesDocumentIsDerivedFromTheDescriptors() {
        Golden.check(RuleText.markdown(), against: "docs/RULES.md")
    }

    /// A finding as `htl check` prints it: `path:line:col: severity: message [rule]`.
    static func line(_ d: Diagnostic) -> String {
        "\(d.location): \(d.severity.rawValue): \(d.message) [\(d.rule.rawValue)]"
    }

    /// The example's expected findings, printed as `line` prints found ones:
    /// each at its mark, with its rule's default severity.
    static func expected(_ example: RuleExample, of id: RuleID) -> [String] {
        let placed = example.writtenMarks
        return example.findings.compactMap { mark, expected in
            guard let location = placed.first(where: { $0.symbol == mark })?.location else { return nil }
            let rule = expected.rule ?? id
            let severity = RuleRegistry.descriptor(rule).severity
            return "\(location): \(severity.rawValue): \(expected.message) [\(rule.rawValue)]"
        }
    }
}

/// The help of `unknown-value`: the values there are, and how to add it.
@Suite struct UnknownValueHelpTests {
    @Test func theHelpListsTheValuesAndHowToAddIt() {
        #expect(
            RuleDescriptor.knownValues([], missing: "fitness")
                == "no value is declared yet: add it with 'htl new value fitness'")
        #expect(
            RuleDescriptor.knownValues(["family", "health"], missing: "Fitness")
                == "the values are family, health; or add a value file")
        let many = (1...14).map { "v\($0 < 10 ? "0" : "")\($0)" }
        #expect(
            RuleDescriptor.knownValues(many, missing: "fitness")
                == "the values are v01, v02, v03, v04, v05, v06, v07, v08, v09, v10, v11, v12 and 2 more; "
                + "or add it with 'htl new value fitness'")
    }
}
