import Foundation
import HTLKit
import HTLTestSupport
import Testing

/// One small ledger per rule under Fixtures/rules/<rule>/, checked end to end
/// by the built binary against its golden `expected.txt`.
@Suite struct RuleFixtureTests {
    static let today = "2026-11-22"

    static var ruleFixtures: [String] {
        let folder = Paths.root.appendingPathComponent("Fixtures/rules").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test(arguments: ruleFixtures)
    func fixtureTriggersExactlyItsRule(_ rule: String) throws {
        let folder = "Fixtures/rules/\(rule)"
        let result = try HTLBinary.run(["check", "-C", Paths.root.appendingPathComponent(folder).path, "--today", Self.today])
        Golden.check(result.stdout, against: "\(folder)/expected.txt")

        let findings = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(!findings.isEmpty, "no finding for \(rule)")
        for line in findings {
            #expect(line.hasSuffix("[\(rule)]"), "\(rule): unexpected finding \(line)")
            // path:line:col: severity: message [rule]
            let parts = line.split(separator: ":", maxSplits: 3)
            #expect(parts.count == 4 && Int(parts[1]) != nil && Int(parts[2]) != nil, "malformed finding \(line)")
        }
        let id = try #require(RuleID(rawValue: rule))
        #expect(result.status == (id.defaultSeverity == .error ? 1 : 0), "exit status of \(rule)")
        #expect(result.stderr.hasSuffix("in 6 files\n") || result.stderr.hasSuffix("in 7 files\n"), "summary: \(result.stderr)")
    }

    /// Every rule has a fixture, except log-rewrite, which needs git history
    /// (see GitWorkflowTests).
    @Test func everyRuleHasAFixture() {
        let covered = Set(Self.ruleFixtures)
        let needOtherFixtures: Set<RuleID> = [.logRewrite]
        for rule in RuleID.allCases where !needOtherFixtures.contains(rule) {
            #expect(covered.contains(rule.rawValue), "no fixture for \(rule.rawValue)")
        }
    }

    @Test func cleanFixtureHasNoFindingsAndExitsZero() throws {
        let result = try HTLBinary.run(["check", "-C", Paths.fixture("clean"), "--today", Self.today])
        #expect(result.stdout == "")
        #expect(result.stderr == "no errors or warnings in 6 files\n")
        #expect(result.status == 0)
    }

    @Test func strictTurnsWarningsIntoFailure() throws {
        let folder = Paths.fixture("rules/goal-no-plan")
        #expect(try HTLBinary.run(["check", "-C", folder, "--today", Self.today]).status == 0)
        #expect(try HTLBinary.run(["check", "-C", folder, "--today", Self.today, "--strict"]).status == 1)
    }

    @Test func goalsExampleChecksCleanOfErrors() throws {
        let result = try HTLBinary.run(["check", "-C", Paths.root.appendingPathComponent("goals-example").path, "--today", Self.today])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains(": error:"))
    }
}
