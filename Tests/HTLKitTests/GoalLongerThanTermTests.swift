import HTLKit
import HTLTestSupport
import Testing

/// goal-longer-than-term names what the window was measured against: the
/// one term a goal commits to, the span of its terms, or a term's length.
@Suite struct GoalLongerThanTermTests {
    @Test func namesTheTermTheTermsOrATermsLength() {
        func goal(_ lines: String) -> String {
            "---\ntitle: Long\n" + lines + "values:\n  health: 8\n---\n## Action plan\n- Go.\n"
        }
        let ledger = SampleLedger.with([
            "terms/term-2.md": "---\nnumber: 2\nstart: 2027-01-11\n---\n",
            // Term 1 runs 2026-11-02 to 2027-01-10 (70 days), term 2 to 2027-03-21.
            "goals/one.md": goal("term: 1\nstart: 2026-11-02\ntarget: 2027-03-31\n"),
            "goals/two.md": goal("term: [1, 2]\nstart: 2026-11-02\ntarget: 2027-08-31\n"),
            "goals/none.md": goal("start: 2026-07-01\ntarget: 2027-03-31\n"),
            // 105 days against 70: not more than 1.5 times.
            "goals/fits.md": goal("term: 1\nstart: 2026-11-02\ntarget: 2027-02-14\n"),
        ])
        let found = SampleLedger.check(ledger).diagnostics.filter { $0.rule == .goalLongerThanTerm }
            .map { "\($0.location.path):\($0.location.line): \($0.message)" }
        #expect(
            found == [
                "goals/none.md:3: the goal spans 274 days, more than 1.5 × a term of 10 weeks (70 days)",
                "goals/one.md:4: the goal spans 150 days, more than 1.5 × term 1 (70 days)",
                "goals/two.md:4: the goal spans 303 days, more than 1.5 × its terms (140 days)",
            ])
    }
}
