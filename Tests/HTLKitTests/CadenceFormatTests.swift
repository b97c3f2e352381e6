import HTLKit
import HTLTestSupport
import Testing

/// `cadence:` and `breaks:` as written: every malformed rule, break or
/// reserved name is a precise finding (FORMAT.md §5.3, §8).
@Suite struct CadenceFormatTests {
    func findings(goal frontMatter: String, measures: String? = nil) -> [String] {
        var changes: [String: String?] = [
            "goals/run.md": "---\ntitle: Run\n" + frontMatter + "values:\n  health: 8\n---\n## Action plan\n- Run.\n"
        ]
        if let measures { changes["measures.yaml"] = measures }
        return SampleLedger.check(SampleLedger.with(changes)).diagnostics
            .filter { $0.severity == .error }
            .map {
                "\($0.location.path):\($0.location.line):\($0.location.column): \($0.message) [\($0.rule.rawValue)]"
            }
    }

    @Test func aNearMissGetsTheRuleItMeant() {
        let cases = [
            ("3/wk", "3/week"), ("3 per week", "3/week"), ("3x/week", "3/week"), (">=3/week", "3/week"),
            ("≤14/week", "<=14/week"), ("<14/week", "<=14/week"), ("3", "3/week"), ("1/mo", "1/month"),
            ("10000/d", "10000/day"),
        ]
        for (written, meant) in cases {
            #expect(
                findings(goal: "start: 2026-11-02\ncadence:\n  actions: \"\(written)\"\n") == [
                    "goals/run.md:5:12: cadence for actions must be N/day, N/week or N/month (at most: <=N/week), "
                        + "found '\(written)' (did you mean '\(meant)'?) [invalid-value]"
                ], "\(written)")
        }
    }

    @Test func zeroIsOnlyAnUpperLimit() {
        #expect(
            findings(goal: "start: 2026-11-02\ncadence:\n  actions: 0/week\n") == [
                "goals/run.md:5:12: cadence for actions must be N/day, N/week or N/month (at most: <=N/week), found "
                    + "0/week [invalid-value]"
            ])
        #expect(findings(goal: "start: 2026-11-02\ncadence:\n  actions: <=0/week\n").isEmpty)
        #expect(
            findings(goal: "start: 2026-11-02\ncadence:\n  actions: 3/fortnight\n") == [
                "goals/run.md:5:12: cadence for actions must be N/day, N/week or N/month (at most: <=N/week), found "
                    + "3/fortnight [invalid-value]"
            ])
    }

    @Test func anAmountHtlCannotHoldExactlySaysWhy() {
        #expect(
            findings(goal: "start: 2026-11-02\ncadence:\n  km: <=1000000000000000/week\n") == [
                "goals/run.md:5:7: cadence for km is <=1000000000000000/week: its amount is too large [invalid-value]"
            ])
        #expect(
            findings(goal: "start: 2026-11-02\ncadence:\n  km: 1.1234567/day\n") == [
                "goals/run.md:5:7: cadence for km is 1.1234567/day: its amount has more than 6 decimal places "
                    + "[invalid-value]"
            ])
    }

    @Test func breaksAreTwoRealDaysInOrder() {
        #expect(
            findings(goal: "start: 2026-11-02\nbreaks: [2027-01-03..2026-12-21]\n") == [
                "goals/run.md:4:10: break 2027-01-03..2026-12-21 starts after it ends [date-order]"
            ])
        #expect(
            findings(goal: "start: 2026-11-02\nbreaks: [2026-12-21 to 2027-01-03]\n") == [
                "goals/run.md:4:10: a break must be two dates 'YYYY-MM-DD..YYYY-MM-DD', found '2026-12-21 to "
                    + "2027-01-03' [invalid-value]"
            ])
        #expect(
            findings(goal: "start: 2026-11-02\nbreaks: [2026-02-27..2026-02-30]\n") == [
                "goals/run.md:4:10: break: 2026-02-30 is not a real date: February 2026 has 28 days [invalid-value]"
            ])
        #expect(findings(goal: "start: 2026-11-02\nbreaks: 2026-12-21..2027-01-03\n").isEmpty)
    }

    @Test func aCadenceNeedsAStart() {
        #expect(
            findings(goal: "cadence:\n  actions: 3/week\n") == [
                "goals/run.md:4:3: a cadence needs a start: goal 'run' has no 'start:' and no term [missing-field]"
            ])
        #expect(findings(goal: "term: 1\ncadence:\n  actions: 3/week\n").isEmpty)
    }

    @Test func cadenceMeasuresAreKnownAndOncePerMeasure() {
        #expect(
            findings(goal: "start: 2026-11-02\ncadence:\n  kms: 3/week\n") == [
                "goals/run.md:5:3: unknown measure 'kms' (did you mean 'km'?) [unknown-measure]"
            ])
        #expect(
            findings(goal: "start: 2026-11-02\ncadence:\n  km: 10/week\n  kilometre: 5/week\n") == [
                "goals/run.md:6:3: a second cadence for measure 'km' (already given as 'km') [invalid-value]"
            ])
        // A target and a cadence for one measure are fine; `actions` needs no declaration.
        #expect(
            findings(goal: "start: 2026-11-02\ntargets:\n  actions: 30\ncadence:\n  actions: 3/week\n  km: 10/week\n")
                .isEmpty)
    }

    /// One target per measure, however many targets a goal has: a few are
    /// looked through, many go into a table; both say the same.
    @Test func aSecondTargetForOneMeasureIsFoundAmongFewOrMany() {
        let measures =
            (1...10).map { "m\($0):\n  type: count\n" }.joined() + "km:\n  type: distance\n  aliases: [kilometre]\n"
            + "laps:\n  type: count\n  aliases: [lap]\n"
        let few = "targets:\n  km: 10\n  m1: 1\n  kilometre: 5\n"
        #expect(
            findings(goal: "start: 2026-11-02\n" + few, measures: measures) == [
                "goals/run.md:7:3: a second target for measure 'km' (already given as 'km') [invalid-value]"
            ])
        let many =
            "targets:\n  km: 10\n" + (1...10).map { "  m\($0): 1\n" }.joined() + "  laps: 4\n  kilometre: 5\n  lap: 2\n"
        #expect(
            findings(goal: "start: 2026-11-02\n" + many, measures: measures) == [
                "goals/run.md:17:3: a second target for measure 'km' (already given as 'km') [invalid-value]",
                "goals/run.md:18:3: a second target for measure 'laps' (already given as 'laps') [invalid-value]",
            ])
    }

    @Test func actionsIsReservedInMeasures() {
        let measures = "km:\n  type: distance\nactions:\n  type: count\nruns:\n  type: count\n  aliases: [actions]\n"
        #expect(
            findings(goal: "start: 2026-11-02\n", measures: measures) == [
                "measures.yaml:3:1: 'actions' is reserved: targets and cadences use it to count a goal's actions "
                    + "[invalid-value]",
                "measures.yaml:7:13: 'actions' is reserved: targets and cadences use it to count a goal's actions "
                    + "[invalid-value]",
            ])
    }
}

/// unused-quantity with cadences: a goal counting actions uses every line;
/// a cadence measure uses its quantities.
@Suite struct CadenceUnusedQuantityTests {
    func warnings(_ cadence: String, _ line: String) -> [String] {
        let files = SampleLedger.with([
            "goals/run.md":
                "---\ntitle: Run\nstart: 2026-11-02\ntargets:\n  km: 100\nvalues:\n  health: 8\ntags: "
                + "[running]\ncadence:\n  \(cadence)\n---\n## Action plan\n- Run.\n",
            "log/2026.log": line,
        ])
        return SampleLedger.check(files).diagnostics.filter { $0.rule == .unusedQuantity }.map(\.message)
    }

    @Test func aGoalCountingActionsUsesEveryLine() {
        #expect(warnings("actions: 3/week", "2026-11-03 Swim 30min +run\n").isEmpty)
    }

    @Test func aCadenceMeasureUsesItsQuantities() {
        #expect(warnings("hours: 2/week", "2026-11-03 Swim 30min +run\n").isEmpty)  // minutes convert to hours
        #expect(
            warnings("km: 10/week", "2026-11-03 Swim 30min +run\n") == [
                "30min counts toward no target of run (they count km), so the action adds nothing"
            ])
    }
}
