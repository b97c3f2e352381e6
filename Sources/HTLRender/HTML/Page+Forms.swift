import HTLCore
import HTLModel
import HTLProgress

/// The forms of `htl serve`'s goal pages (none in read-only mode): a new
/// goal, the checklist, and what every form carries (the CSRF token) or
/// says back (a refusal, a notice).
extension Page {
    /// "New goal": the fields of a goal file (title, dates, importance,
    /// urgency, one target, one value), written as `htl mcp`'s new_goal
    /// writes them and checked the same way. Open when a draft was refused.
    var newGoalForm: N {
        guard let app, !app.readOnly else { return .empty }
        func field(_ name: String, _ label: String, type: String = "text", extra: [(String, String)] = []) -> [N] {
            [
                .el("label", [("for", "new-\(name)")], [.text(label)]),
                .el(
                    "input",
                    [("id", "new-\(name)"), ("name", name), ("type", type), ("value", app.draft[name] ?? "")] + extra),
            ]
        }
        func select(_ name: String, _ label: String, _ options: [(String, String)]) -> [N] {
            [
                .el("label", [("for", "new-\(name)")], [.text(label)]),
                .el(
                    "select", [("id", "new-\(name)"), ("name", name)],
                    [.el("option", [("value", "")], [.text("none")])]
                        + options.map { o in
                            .el(
                                "option", [("value", o.0)] + (app.draft[name] == o.0 ? [("selected", "")] : []),
                                [.text(o.1)])
                        }),
            ]
        }
        var fields: [N] = field("title", "Title", extra: [("required", "")])
        fields += field("start", "Start", type: "date") + field("target", "Target date", type: "date")
        fields += field("importance", "Importance (1-10)", type: "number", extra: [("min", "1"), ("max", "10")])
        fields += field("urgency", "Urgency (1-10)", type: "number", extra: [("min", "1"), ("max", "10")])
        fields += field("amount", "Target amount", type: "number", extra: [("step", "any"), ("min", "0")])
        fields += select("measure", "Target measure", ledger.measures.measures.map { ($0.id, $0.id) })
        fields += select("value", "Serves the value", ledger.values.map { ($0.id, $0.title) })
        fields += field("strength", "Strength (1-10)", type: "number", extra: [("min", "1"), ("max", "10")])
        fields += [csrfField(), .el("button", [("type", "submit")], [.text("Create the goal")])]
        return .el(
            "details", [("class", "card new-goal")] + (app.draft.isEmpty ? [] : [("open", "")]),
            [
                .el("summary", [], [.text("New goal")]),
                .el("form", [("class", "fields"), ("method", "post"), ("action", "/goals/new")], fields),
            ])
    }

    /// Why a write was refused, first on the page.
    var refusalNote: N {
        guard let refusal = app?.refusal else { return .empty }
        return .el("p", [("class", "card findings"), ("role", "alert")], [.text(refusal)])
    }

    /// The goal's checklist, one form per item that marks it done or not
    /// (the file's version goes with it); the items as a list when read-only.
    func checklistForms(_ g: GoalProgress) -> N {
        let items = g.goal.checklist
        guard !items.isEmpty, let app else { return .empty }
        let canWrite = !app.readOnly && app.goalFileVersion != nil
        return .el(
            "section", [("class", "card checklist"), ("aria-labelledby", "checklist-title")],
            [
                .el("h3", [("id", "checklist-title")], [.text("Checklist")]),
                .el(
                    "ul", [("class", "checklist-items")],
                    items.map { checklistItem($0, goal: g.id, canWrite: canWrite) }),
            ])
    }

    func checklistItem(_ item: Goal.ChecklistItem, goal: String, canWrite: Bool) -> N {
        let mark = item.done ? "☑ " : "☐ "
        guard canWrite else { return .el("li", [], [.text(mark + item.text)]) }
        let hidden = [
            ("line", String(item.line)), ("done", item.done ? "0" : "1"), ("version", app?.goalFileVersion ?? ""),
        ]
        return .el(
            "li", [],
            [
                .el(
                    "form", [("method", "post"), ("action", "/goals/\(goal)/checklist")],
                    [csrfField()] + hidden.map { .el("input", [("type", "hidden"), ("name", $0.0), ("value", $0.1)]) }
                        + [
                            .el(
                                "button",
                                [
                                    ("type", "submit"), ("class", item.done ? "tick done" : "tick"),
                                    ("aria-pressed", item.done ? "true" : "false"),
                                ],
                                [.text(mark + item.text)])
                        ])
            ])
    }

    func csrfField() -> N {
        .el("input", [("type", "hidden"), ("name", "csrf"), ("value", app?.csrf ?? "")])
    }

    /// What the last write did ("Saved goals/run-100km.md"), first on the page.
    var noticeNote: N {
        guard let notice = app?.notice else { return .empty }
        return .el("p", [("class", "card notice"), ("role", "status")], [.text(notice)])
    }

    /// The running timer (`htl start`), in read-only mode too.
    var timerNote: N {
        guard let timer = app?.timer else { return .empty }
        return .el("p", [("class", "card timer"), ("role", "status")], [.text(timer)])
    }
}
