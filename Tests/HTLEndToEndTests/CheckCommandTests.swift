import Foundation
import HTLKit
import HTLTestSupport
import Testing

@Suite struct CheckCommandTests {
    let today = ["--today", "2026-11-22"]

    @Test func manyErrorsAcrossFilesAreAllReportedSorted() throws {
        let folder = Paths.fixture("many-errors")
        let text = try HTLBinary.run(["check", "-C", folder] + today)
        #expect(text.status == 1)
        Golden.check(text.stdout, against: "Fixtures/many-errors/expected.txt")
        #expect(text.stderr == "18 errors, 2 warnings in 10 files\n")

        let findings = text.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        #expect(findings.count == 20)
        let keys = findings.map { line -> (String, Int, Int) in
            let p = line.split(separator: ":")
            return (String(p[0]), Int(p[1])!, Int(p[2])!)
        }
        for (a, b) in zip(keys, keys.dropFirst()) {
            let ordered =
                a.0 != b.0 ? a.0.utf8.lexicographicallyPrecedes(b.0.utf8) : (a.1 != b.1 ? a.1 < b.1 : a.2 <= b.2)
            #expect(ordered, "\(a) before \(b)")
        }
        // Every file with a mistake is named.
        for path in [
            "goals/alpha.md", "goals/beta.md", "goals/gamma.md", "htl.yaml", "log/2026.log", "measures.yaml",
            "terms/term-1.md", "values/health.md",
        ] {
            #expect(findings.contains { $0.hasPrefix(path + ":") }, "nothing reported in \(path)")
        }
    }

    /// An editor's unsaved buffer on standard input, checked as the file it
    /// will be, against the rest of the ledger on disk; only its findings.
    @Test func stdinFilenameChecksABufferAsThatFile() throws {
        let ledger = try TemporaryLedger(
            SampleLedger.with(["goals/other.md": "---\ntitle: Other\nimportance: 11\n---\n"]))
        defer { ledger.remove() }
        let result = try HTLBinary.run(
            ["check", "--stdin-filename", "log/2026.log", "-C", ledger.root] + today,
            stdin: "2026-11-03 Run 5km +run\n2026-11-04 Swim 2kms +ru\n")
        #expect(result.status == 1)
        #expect(
            result.stdout.split(separator: "\n").filter { $0.hasPrefix("log/") } == [
                "log/2026.log:2:18: error: unknown unit 'kms' (did you mean 'km'?) [unknown-unit]",
                "log/2026.log:2:22: error: unknown goal '+ru' (did you mean 'run'?) [unknown-goal]",
            ])
        #expect(!result.stdout.contains("goals/other.md"))
        #expect(try ledger.read("log/2026.log") == SampleLedger.files["log/2026.log"])
        // A new file that is not on disk yet.
        let new = try HTLBinary.run(
            ["check", "--stdin-filename", "goals/new.md", "-C", ledger.root, "--format", "json"] + today,
            stdin: "---\ntitle: New\nurgency: 0\n---\n")
        #expect(new.stdout.contains(#""path": "goals/new.md""#) && new.stdout.contains(#""rule": "invalid-value""#))
    }

    /// A buffer longer than a megabyte is read to its end (the finding on
    /// its last line is there), not cut short.
    @Test func stdinFilenameReadsALongBufferWhole() throws {
        let ledger = try TemporaryLedger(SampleLedger.files)
        defer { ledger.remove() }
        let lines = (0..<40_000).map { "2026-11-\(10 + $0 % 9) Run number \($0) 5km +run\n" }.joined()
        #expect(lines.utf8.count > 1_200_000)
        let result = try HTLBinary.run(
            ["check", "--stdin-filename", "log/2026.log", "-C", ledger.root] + today,
            stdin: lines + "2026-11-04 Swim 2kms +run\n")
        #expect(result.status == 1)
        #expect(
            result.stdout.split(separator: "\n").filter { $0.hasPrefix("log/") } == [
                "log/2026.log:40001:18: error: unknown unit 'kms' (did you mean 'km'?) [unknown-unit]"
            ])
    }

    @Test func jsonHasExactlyTheDocumentedKeys() throws {
        let result = try HTLBinary.run(["check", "-C", Paths.fixture("many-errors"), "--format", "json"] + today)
        #expect(result.status == 1)
        Golden.check(result.stdout, against: "Fixtures/many-errors/expected.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["version", "files", "errors", "warnings", "diagnostics"])
        #expect(object["version"] as? Int == 1)
        #expect(object["files"] as? Int == 10)
        #expect(object["errors"] as? Int == 18)
        #expect(object["warnings"] as? Int == 2)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 20)
        for d in diagnostics {
            #expect(Set(d.keys) == ["path", "line", "column", "severity", "rule", "message"])
        }
        // Key order as in CLI.md.
        let order = ["\"version\"", "\"files\"", "\"errors\"", "\"warnings\"", "\"diagnostics\""]
            .map { result.stdout.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
    }

    @Test func githubAnnotations() throws {
        let ledger = try RuleFixtureTests.ledger(for: "unknown-unit")
        defer { ledger.remove() }
        let result = try HTLBinary.run(["check", "-C", ledger.root, "--format", "github"] + today)
        #expect(
            result.stdout
                == "::error file=log/2026.log,line=2,col=22,title=unknown-unit::unknown unit 'kms' (did you mean "
                + "'km'?)\n"
        )
        #expect(result.status == 1)
    }

    @Test func pathsLimitWhichFindingsAreShown() throws {
        let folder = Paths.fixture("many-errors")
        let result = try HTLBinary.run(["check", "-C", folder, "goals/beta.md", "measures.yaml"] + today)
        let paths = Set(
            result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map {
                String($0.split(separator: ":")[0])
            })
        #expect(paths == ["goals/beta.md", "measures.yaml"])
        // References still resolve against the whole ledger: the log's findings are simply not shown.
        let logOnly = try HTLBinary.run(["check", "-C", folder, "log"] + today)
        #expect(logOnly.stdout.contains("log/2026.log:6:28: error: unknown goal '+delta'"))
        #expect(!logOnly.stdout.split(separator: "\n").contains { $0.hasPrefix("goals/") })
        #expect(logOnly.stderr.hasSuffix(" in 2 files\n"))  // the two selected logs, not the whole ledger
        let typo = try HTLBinary.run(["check", "-C", folder, "goals/nope.md"] + today)
        #expect(typo.status == 2)
        #expect(typo.stderr == "htl: no ledger file or folder goals/nope.md\n")
    }

    @Test func findsTheLedgerByWalkingUp() throws {
        let result = try HTLBinary.run(["check"] + today, in: Paths.fixture("clean/goals"))
        #expect(result.status == 0)
        #expect(result.stderr == "no errors or warnings in 6 files\n")
    }

    @Test func environmentChoosesLedgerAndToday() throws {
        let ledger = try RuleFixtureTests.ledger(for: "future-action")
        defer { ledger.remove() }
        let result = try HTLBinary.run(
            ["check"], in: "/", environment: ["HTL_LEDGER": ledger.root, "HTL_TODAY": "2026-12-31"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
    }

    @Test func noLedgerIsExitTwoWithWhereItLooked() throws {
        let result = try HTLBinary.run(["check"], in: "/")
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "htl: no ledger found: no htl.yaml in / or any folder above it (run 'htl init' to create one)\n")
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try HTLBinary.run(["check", "--bogus"]).status == 2)
        #expect(try HTLBinary.run(["frobnicate"]).status == 2)
        let badDay = try HTLBinary.run(["check", "-C", Paths.fixture("clean"), "--today", "2026-02-30"])
        #expect(badDay.status == 2)
        #expect(badDay.stderr == "htl: --today 2026-02-30 is not a real date: February 2026 has 28 days\n")
        let notADay = try HTLBinary.run(["check", "-C", Paths.fixture("clean"), "--today", "soon"])
        #expect(notADay.stderr == "htl: --today 'soon' is not a date: write YYYY-MM-DD\n")
        let missing = try HTLBinary.run(["check", "-C", "/nonexistent/ledger"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "htl: no such folder: /nonexistent/ledger\n")
    }

    @Test func rulesListsEveryRuleAndExplainShowsExamples() throws {
        let rules = try HTLBinary.run(["rules"])
        Golden.check(rules.stdout, against: "Tests/Golden/rules.txt")
        #expect(rules.stdout.split(separator: "\n").count == RuleID.allCases.count)
        let explain = try HTLBinary.run(["explain", "unknown-unit"])
        Golden.check(explain.stdout, against: "Tests/Golden/explain-unknown-unit.txt")
        let typo = try HTLBinary.run(["explain", "unknwn-unit"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("did you mean 'unknown-unit'?"))
    }

    @Test func colourOnlyWhenAsked() throws {
        let ledger = try RuleFixtureTests.ledger(for: "unknown-unit")
        defer { ledger.remove() }
        let folder = ledger.root
        let plain = try HTLBinary.run(["check", "-C", folder] + today)
        #expect(!plain.stdout.contains("\u{1B}["))
        let forced = try HTLBinary.run(["check", "-C", folder, "--color", "always"] + today)
        #expect(forced.stdout.contains("\u{1B}[1;31merror\u{1B}[0m"))
        let noColor = try HTLBinary.run(
            ["check", "-C", folder, "--color", "auto"] + today, environment: ["NO_COLOR": "1"])
        #expect(!noColor.stdout.contains("\u{1B}["))
    }
}
