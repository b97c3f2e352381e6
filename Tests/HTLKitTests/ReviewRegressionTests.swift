import HTLKit
@testable import HTLCheck
@testable import HTLCore
@testable import HTLEdit
@testable import HTLFormat
@testable import HTLLoad
@testable import HTLModel
@testable import HTLParse
@testable import HTLProgress
@testable import HTLRender
@testable import HTLSystem
import HTLTestSupport
import LedgerGenerator
import Testing

/// Inputs found by review that once crashed, lost a comment, hung or gave wrong positions.
@Suite struct ReviewRegressionTests {
    @Test func saturatedConversionsNeitherTrapNorVanish() {
        // A factor just inside the limit, and enough large quantities that the
        // converted sum passes the 128-bit range and saturates.
        let measures = "c:\n  type: count\na:\n  type: count\n  equals: 999999999999999 c\n"
        for sign in ["", "-"] {
            let files = SampleLedger.with([
                "measures.yaml": measures,
                "goals/run.md": "---\ntitle: Run\ntargets:\n  c: 1\n---\n## Action plan\n",
                "log/2026.log": String(repeating: "2026-11-20 x \(sign)999999999999999a +run\n", count: 200),
            ])
            let loaded = SampleLedger.load(files)
            #expect(Checker.check(loaded, today: SampleLedger.today).errorCount == 0)
            let report = ProgressEngine.compute(loaded.ledger, today: SampleLedger.today)
            let g = report.goal("run")!
            #expect(g.targets[0].actual.millionths == (sign == "" ? Int128.max : Int128.min))
            // Rendering every report exercises rounding, negation and formatting of extreme values.
            _ = StatusText.render(report, ledger: loaded.ledger, term: nil, goals: report.goals)
            _ = ProgressText.render(g, ledger: loaded.ledger, report: report)
            _ = ReportJSON.export(loaded.ledger, report: report)
            _ = HTMLReport.render(ledger: loaded.ledger, report: report)
        }
        #expect((-ExactDecimal(millionths: .min)).millionths == .max)
        #expect((ExactDecimal(millionths: .min) - ExactDecimal.one).millionths == .min)
        #expect(ExactDecimal(millionths: .max).rounded(toFractionDigits: 2) == ExactDecimal(millionths: .max))
        #expect(ExactDecimal(millionths: .min).formatted(fractionDigits: 2).hasPrefix("-170141183460469231731687303715884"))
    }

    @Test func conversionChainsTooLargeAreFindings() {
        let measures = "d:\n  type: count\nc:\n  type: count\n  equals: 999999999999999 d\nb:\n  type: count\n  equals: 999999999999999 c\n"
        let loaded = SampleLedger.load(SampleLedger.with(["measures.yaml": measures, "log/2026.log": ""]))
        let findings = loaded.findings.filter { $0.rule == .badConversion }
        #expect(findings.map(\.message) == ["the conversions from 'b' multiply to a factor too large to compute exactly"])
        #expect(findings.first?.location == SourceLocation(path: "measures.yaml", line: 8, column: 11))
    }

    @Test func fmtKeepsCommentsAfterQuotesAndMultiLineScalars() throws {
        let texts = [
            "---\ntitle: Health 'strong # keep me 1\ndomain: say \"hi # keep me 2\nguidance: Move every\n  day # keep me 3\n---\n",
            "---\ntitle: \"Health\n  and strength\" # keep me 4\nguidance: |  # keep me 5\n  # not a comment\n  line two\n---\n",
        ]
        for text in texts {
            let out = String(decoding: try #require(Formatter.canonical(SourceFile(path: "values/health.md", text: text))), as: UTF8.self)
            for n in 1...5 where text.contains("keep me \(n)") {
                #expect(out.contains("# keep me \(n)"), "comment \(n) lost:\n\(out)")
            }
            #expect(Formatter.canonical(SourceFile(path: "values/health.md", text: out)) == Array(out.utf8))
        }
    }

    @Test func fmtIsIdempotentWithRunsOfCarriageReturns() throws {
        let once = try #require(Formatter.canonical(SourceFile(path: "values/health.md", text: "---\ntitle: Health\n---\nBody line\r\r\nlast\r\r")))
        #expect(String(decoding: once, as: UTF8.self) == "---\ntitle: Health\n---\nBody line\nlast\n")
        #expect(Formatter.canonical(SourceFile(path: "values/health.md", bytes: once)) == once)
    }

    @Test func controlCharactersThatLibyamlCannotReadAreEscaped() throws {
        let text = "---\ntitle: \"Health\\x80 \\uFFFE\"\n---\n"
        let out = try #require(Formatter.canonical(SourceFile(path: "values/health.md", text: text)))
        #expect(String(decoding: out, as: UTF8.self) == "---\ntitle: \"Health\\x80 \\uFFFE\"\n---\n")
        #expect(!YAMLScalarWriter.isPlainSafe("a\u{80}b", inFlow: false))
    }

    @Test func readerErrorsAndForeignLineBreaksAreReportedWhereTheyAre() {
        let control = SampleLedger.load(SampleLedger.with(["values/health.md": "---\ntitle: Health\ndomain: x\nguidance: He\u{1}alth\n---\n"]))
        #expect(control.findings.map(\.location) == [SourceLocation(path: "values/health.md", line: 4, column: 13)])
        #expect(control.findings.first?.message == "invalid YAML: control characters are not allowed")
        for (text, column, what) in [("htl: 1\rtitle: x\n", 7, "a carriage return without a line feed"),
                                     ("htl: 1\ntitle: a\u{2028}b\n", 9, "the character U+2028 (line separator)"),
                                     ("htl: 1\ntitle: a\u{85}b\n", 9, "the character U+0085 (next line)")] {
            let loaded = SampleLedger.load(SampleLedger.with(["htl.yaml": text]))
            #expect(loaded.findings.map(\.rule) == [.yamlSyntax])
            #expect(loaded.findings.first?.location.column == column)
            #expect(loaded.findings.first?.message.hasPrefix(what) == true)
        }
    }

    /// Many findings of one rule on one long line: the first five, then one
    /// that counts the rest (a line of ten million bad tokens cannot make
    /// ten million findings); positions and excerpts stay linear.
    @Test func repeatedFindingsOnOneLineAreCapped() {
        let line = "2026-11-20 x" + String(repeating: " 1zz", count: 20_000) + "\n"
        let loaded = SampleLedger.load(SampleLedger.with(["log/2026.log": line]))
        let report = Checker.check(loaded, today: SampleLedger.today)
        #expect(report.errorCount == 6)
        #expect(report.diagnostics.map(\.location.column) == [15, 19, 23, 27, 31, 35])
        #expect(report.diagnostics.last?.message == "and 19995 more unknown-unit findings on this line")
        let text = DiagnosticRenderer.text(report, files: loaded.files)
        // 50 characters each side of the caret, cut with "…": the first and the last finding.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let ends = (lines.prefix(4) + ["…"] + lines.suffix(5)).joined(separator: "\n")
        Golden.check(ends, against: "Tests/Golden/long-line-excerpts.txt")
        let tags = "2026-11-20 x" + (0..<20_000).map { " #t\($0)" }.joined() + " +run\n"
        let tagged = SampleLedger.load(SampleLedger.with(["log/2026.log": tags]))
        #expect(tagged.ledger.actions.first?.tags.count == 20_000)
    }

    /// A goal with 160,000 tags (each once, then all again): de-duplicated
    /// with a set (a list scan made this 22 s), in the order written.
    @Test func aGoalWithVeryManyTags() {
        let tags = (0..<160_000).map { "t\($0)" }
        let goal = "---\ntitle: Many\ntags: [" + (tags + tags.prefix(1000)).joined(separator: ", ") + "]\n---\n"
        let loaded = SampleLedger.load(SampleLedger.with(["goals/many.md": goal]))
        let many = loaded.ledger.goals.first { $0.id == "many" }
        #expect(many?.tags.count == 160_000)
        #expect(many?.tags.first == "t0")
        #expect(many?.tags.last == "t159999")
    }

    @Test func diffMemoryIsBoundedAndLargeRewritesBecomeOneHunk() {
        let old = Array(String(repeating: "2026-11-20 run 1km\r\n", count: 5000).utf8)
        let new = Array(String(repeating: "2026-11-20 run 1km\n", count: 5000).utf8)
        let diff = UnifiedDiff.render(old: old, new: new, path: "log/2026.log")
        #expect(diff.hasPrefix("--- a/log/2026.log\n+++ b/log/2026.log\n@@ -1,5000 +1,5000 @@\n"))
        #expect(diff.utf8.split(separator: 0x0A).count == 3 + 10_000)
    }
}
