import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

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

/// Conversions along `equals` chains: exact, bounded, never trapping.
@Suite struct ConversionTests {

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
        #expect(
            ExactDecimal(millionths: .min).formatted(fractionDigits: 2).hasPrefix("-170141183460469231731687303715884"))
    }

    @Test func conversionChainsTooLargeAreFindings() {
        let measures =
            "d:\n  type: count\nc:\n  type: count\n  equals: 999999999999999 d\nb:\n  type: count\n  equals: "
            + "999999999999999 c\n"
        let loaded = SampleLedger.load(SampleLedger.with(["measures.yaml": measures, "log/2026.log": ""]))
        let findings = loaded.findings.filter { $0.rule == .badConversion }
        #expect(
            findings.map(\.message) == ["the conversions from 'b' multiply to a factor too large to compute exactly"])
        #expect(findings.first?.location == SourceLocation(path: "measures.yaml", line: 8, column: 11))
    }
}
