import Foundation
import HTLKit
import HTLTestSupport
import Testing

/// End to end, per rule: the clean fixture with one or two files changed
/// (Fixtures/rules/<rule>/ holds only those, and the golden `expected.txt`),
/// checked by the built binary. The rules' own examples are tested in
/// process (RuleDescriptorTests); these keep the whole output honest.
@Suite struct RuleFixtureTests {
    static let today = "2026-11-22"

    static var ruleFixtures: [String] {
        let folder = Paths.root.appendingPathComponent("Fixtures/rules").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Fixtures/clean with the rule's files laid over it, in a temporary folder.
    static func ledger(for rule: String) throws -> TemporaryLedger {
        let ledger = try TemporaryLedger([:], prefix: "htl-rule-\(rule)")
        let fm = FileManager.default
        for source in [Paths.fixture("clean"), Paths.fixture("rules/\(rule)")] {
            guard let walk = fm.enumerator(atPath: source) else { continue }
            for case let relative as String in walk where relative != "expected.txt" {
                var isFolder: ObjCBool = false
                if fm.fileExists(atPath: source + "/" + relative, isDirectory: &isFolder), isFolder.boolValue {
                    try fm.createDirectory(atPath: ledger.root + "/" + relative, withIntermediateDirectories: true)
                } else {
                    try ledger.write(relative, try Data(contentsOf: URL(fileURLWithPath: source + "/" + relative)))
                }
            }
        }
        return ledger
    }

    @Test(arguments: ruleFixtures)
    func fixtureTriggersExactlyItsRule(_ rule: String) throws {
        let ledger = try Self.ledger(for: rule)
        defer { ledger.remove() }
        let result = try HTLBinary.run(["check", "-C", ledger.root, "--today", Self.today])
        Golden.check(result.stdout, against: "Fixtures/rules/\(rule)/expected.txt")

        let findings = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(!findings.isEmpty, "no finding for \(rule)")
        for line in findings {
            #expect(line.hasSuffix("[\(rule)]"), "\(rule): unexpected finding \(line)")
            // path:line:col: severity: message [rule]
            let parts = line.split(separator: ":", maxSplits: 3)
            #expect(parts.count == 4 && Int(parts[1]) != nil && Int(parts[2]) != nil, "malformed finding \(line)")
        }
        let id = try #require(RuleID(rawValue: rule))
        #expect(result.status == (RuleRegistry.descriptor(id).severity == .error ? 1 : 0), "exit status of \(rule)")
        #expect(
            result.stderr.hasSuffix("in 6 files\n") || result.stderr.hasSuffix("in 7 files\n"),
            "summary: \(result.stderr)")
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
        let ledger = try Self.ledger(for: "goal-no-plan")
        defer { ledger.remove() }
        #expect(try HTLBinary.run(["check", "-C", ledger.root, "--today", Self.today]).status == 0)
        #expect(try HTLBinary.run(["check", "-C", ledger.root, "--today", Self.today, "--strict"]).status == 1)
    }

    @Test func goalsExampleChecksCleanOfErrors() throws {
        let result = try HTLBinary.run([
            "check", "-C", Paths.root.appendingPathComponent("goals-example").path, "--today", Self.today,
        ])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains(": error:"))
    }
}
