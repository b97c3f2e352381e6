import HTLKit
import HTLTestSupport
import Testing

/// duplicate-id and bad-id on the ids of entity files.
@Suite struct EntityIDRuleTests {
    @Test func everyRepeatOfAnIdNamesTheFirstFileAndBadIdsAreNamed() {
        let goal = "---\ntitle: X\nvalues:\n  health: 8\n---\n## Action plan\n- Go.\n"
        let ledger = SampleLedger.with([
            "goals/a/x.md": goal, "goals/b/x.md": goal, "goals/x.md": goal, "goals/Bad_Id.md": goal,
        ])
        let found = SampleLedger.check(ledger).diagnostics.filter { $0.rule == .duplicateID || $0.rule == .badID }
            .map { "\($0.location.path): \($0.message)" }
        #expect(
            found == [
                "goals/Bad_Id.md: file name 'Bad_Id' is not a valid id: use lowercase letters, digits and '-', "
                    + "starting with a letter or digit",
                "goals/b/x.md: goal id 'x' is also used by goals/a/x.md",
                "goals/x.md: goal id 'x' is also used by goals/a/x.md",
            ])
    }
}
