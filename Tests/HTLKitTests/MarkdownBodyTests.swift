import Testing

@testable import HTLParse

/// Which body headings open a goal's action plan.
@Suite struct ActionPlanHeadingTests {
    @Test func anyLevelAnyCaseClosingHashesAllowedNothingElse() {
        let yes = [
            "## Action plan", "# ACTION PLAN", "###### action plan ###", "##  Action Plan  ", "## Action plan\t#",
        ]
        let no = [
            "####### Action plan", "##Action plan", "## Action plans", "## Action  plan", "## Action pla",
            "Action plan", "## Actionplan", "## Äction plan",
        ]
        for line in yes { #expect(MarkdownBody.isActionPlanHeading(Array(line.utf8)[...]), "\(line)") }
        for line in no { #expect(!MarkdownBody.isActionPlanHeading(Array(line.utf8)[...]), "\(line)") }
    }
}
