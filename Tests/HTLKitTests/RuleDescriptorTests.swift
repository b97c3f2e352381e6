import HTLKit
import HTLTestSupport
import Testing

/// Every rule lives in one descriptor whose examples are tested: the failing
/// example produces exactly that rule at its marked position, the passing
/// one produces nothing. `htl explain` prints these same examples.
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

    @Test(arguments: RuleRegistry.all.map(\.id))
    func failingExampleFindsExactlyThisRuleWhereMarked(_ id: RuleID) throws {
        let rule = RuleRegistry.descriptor(id)
        let found = try RuleExampleRunner.diagnostics(rule.failing)
        let marked = try #require(rule.failing.markedLocation, "\(id): the failing example has no ‸ marker")
        #expect(found.map(\.rule) == [id], "\(id): \(found.map { "\($0.location) \($0.rule.rawValue): \($0.message)" })")
        #expect(found.first?.location == marked, "\(id)")
        #expect(found.first?.severity == rule.severity, "\(id)")
    }

    @Test(arguments: RuleRegistry.all.map(\.id))
    func passingExampleFindsNothing(_ id: RuleID) throws {
        let found = try RuleExampleRunner.diagnostics(RuleRegistry.descriptor(id).passing)
        #expect(found.isEmpty, "\(id): \(found.map { "\($0.location) \($0.rule.rawValue): \($0.message)" })")
    }

    /// docs/RULES.md is written from the descriptors (HTL_RECORD=1 rewrites it).
    @Test func rulesDocumentIsDerivedFromTheDescriptors() {
        Golden.check(RuleText.markdown(), against: "docs/RULES.md")
    }
}
