import HTLKit
import HTLTestSupport
import Testing

/// An action's path is held by its text's store, once per log: setting the
/// text, the description or the path keeps the others as they were.
@Suite struct ActionPathTests {
    func parsed(_ log: String, path: String = "log/2026.log") -> [Action] {
        var changes: [String: String?] = ["log/2026.log": nil]
        changes[path] = log
        return SampleLedger.load(SampleLedger.with(changes)).ledger.actions
    }

    @Test func everyActionOfALogCarriesItsPath() {
        let actions = parsed("2026-11-03 Run 5km +run\n2026-11-04 \"Quoted\" run 3km\n", path: "log/2025.log")
        #expect(actions.map(\.path) == ["log/2025.log", "log/2025.log"])
        #expect(actions.map(\.description) == ["Run", "Quoted run"])
    }

    @Test func settingTheTextOrDescriptionKeepsThePath() {
        var action = parsed("2026-11-03 Run 5km +run\n")[0]
        action.text = ActionText("Swim")
        #expect(action.path == "log/2026.log")
        #expect(action.description == "Swim")
        action.description = "Walk"
        #expect(action.path == "log/2026.log")
        action.path = "log/2027.log"
        #expect(action.path == "log/2027.log")
        #expect(action.description == "Walk")
    }

    @Test func actionsInTwoLogsAreNotEqual() {
        let first = parsed("2026-11-03 Run 5km +run\n")[0]
        var moved = first
        moved.path = "log/2027.log"
        #expect(first != moved)
        moved.path = first.path
        #expect(first == moved)
    }
}
