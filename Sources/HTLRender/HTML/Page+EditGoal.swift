import HTLCore
import HTLModel
import HTLProgress

/// "Edit this goal" on a goal's page: its title, importance, urgency,
/// dates, status, targets, rhythms (cadence) and values, each as its file
/// writes it. The form posts the file's version with them; the server
/// rewrites only what changed (`GoalEdit`). An input shows the file's text
/// whatever it is: a date field that cannot hold the file's date is a text
/// field, so that saving never clears what the form could not show.
extension Page {
    func editGoalForm(_ g: GoalProgress) -> N {
        guard let app, !app.readOnly, let fields = app.goalFields,
            let version = app.editVersion ?? app.goalFileVersion
        else {
            return .empty
        }
        var children: [N] = []
        children += editInput("title", "Title", fields.text("title"), extra: [("required", "")])
        for key in ["importance", "urgency"] {
            let text = fields.text(key)
            let number = Page.isWholeNumber(text)
            children += editInput(
                key, key == "importance" ? "Importance (1-10)" : "Urgency (1-10)", text,
                type: number ? "number" : "text", extra: number ? [("min", "1"), ("max", "10")] : [])
        }
        for (key, label) in [("start", "Start"), ("target", "Target date")] {
            let text = fields.text(key)
            children += editInput(
                key, label, text, type: text.isEmpty || CivilDate.parse(text) != nil ? "date" : "text")
        }
        children += statusSelect(fields.text("status"))
        children.append(
            entryRows(
                "targets", "Targets", fields.entries("targets"), valueLabel: "amount",
                valueAttributes: [("inputmode", "decimal"), ("placeholder", "100")]))
        children.append(
            entryRows(
                "cadence", "Rhythms", fields.entries("cadence"), valueLabel: "rule",
                valueAttributes: [("placeholder", "3/week, <=1/week")]))
        children.append(valueRows(fields.entries("values")))
        children += [
            .el(
                "p", [("class", "quiet span")],
                [.text("Clear a field to take it out of the file. The file's comments are kept.")]),
            .el("input", [("type", "hidden"), ("name", "version"), ("value", version)]),
            csrfField(),
            .el("button", [("type", "submit")], [.text("Save the goal")]),
        ]
        return .el(
            "details", [("class", "card edit-goal")] + (app.editOpen ? [("open", "")] : []),
            [
                .el("summary", [], [.text("Edit this goal")]),
                .el("form", [("class", "fields"), ("method", "post"), ("action", "/goals/\(g.id)/edit")], children),
            ])
    }

    /// Empty or digits only: what a number field shows as written (`+8` or `08.0` is a text field).
    static func isWholeNumber(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } && text.utf8.count < 10
    }

    func editInput(
        _ name: String, _ label: String, _ value: String, type: String = "text", extra: [(String, String)] = []
    )
        -> [N]
    {
        [
            .el("label", [("for", "edit-\(name)")], [.text(label)]),
            .el("input", [("id", "edit-\(name)"), ("name", name), ("type", type), ("value", value)] + extra),
        ]
    }

    /// `status`: not set (an active goal), or one of the words FORMAT.md allows; the file's own word is kept.
    func statusSelect(_ current: String) -> [N] {
        var options = [("", "not set (active)"), ("active", "active"), ("done", "done"), ("dropped", "dropped")]
        if !options.contains(where: { $0.0 == current }) { options.append((current, current)) }
        return [
            .el("label", [("for", "edit-status")], [.text("Status")]),
            .el(
                "select", [("id", "edit-status"), ("name", "status")],
                options.map { o in
                    .el("option", [("value", o.0)] + (o.0 == current ? [("selected", "")] : []), [.text(o.1)])
                }),
        ]
    }

    /// A mapping of measures as rows (a measure and its value), one more
    /// empty row to add one; a row with its value cleared is taken out.
    func entryRows(
        _ key: String, _ legend: String, _ entries: [GoalFields.Entry], valueLabel: String,
        valueAttributes: [(String, String)]
    ) -> N {
        let measures = ledger.measures.measures.map(\.id) + ["actions"]
        let rows = (entries + [GoalFields.Entry("", "")]).enumerated().map { n, entry -> N in
            let label = "\(legend) \(n + 1)"
            let options = ([""] + measures + (measures.contains(entry.key) || entry.key.isEmpty ? [] : [entry.key]))
            return .el(
                "div", [("class", "entry-row")],
                [
                    .el(
                        "select", [("name", "\(key).key"), ("aria-label", "\(label): measure")],
                        options.map { m in
                            .el(
                                "option", [("value", m)] + (m == entry.key ? [("selected", "")] : []),
                                [.text(m.isEmpty ? "measure…" : m)])
                        }),
                    .el(
                        "input",
                        [
                            ("name", "\(key).value"), ("type", "text"), ("value", entry.value),
                            ("aria-label", "\(label): \(valueLabel)"),
                        ] + valueAttributes),
                ])
        }
        return .el("fieldset", [("class", "span entries")], [.el("legend", [], [.text(legend)])] + rows)
    }

    /// `values`: every value of the ledger with the strength this goal
    /// serves it with (empty: not served); the file's entries first, in
    /// its order, so an unchanged form writes nothing.
    func valueRows(_ entries: [GoalFields.Entry]) -> N {
        let others = ledger.values.filter { v in !entries.contains { $0.key == v.id } }
            .map { GoalFields.Entry($0.id, "") }
        let rows = (entries + others).enumerated().flatMap { n, entry -> [N] in
            let title = ledger.values.first { $0.id == entry.key }?.title ?? entry.key
            let number = Page.isWholeNumber(entry.value)
            return [
                .el("label", [("for", "edit-value-\(n + 1)")], [.text(title)]),
                .el("input", [("type", "hidden"), ("name", "values.key"), ("value", entry.key)]),
                .el(
                    "input",
                    [
                        ("id", "edit-value-\(n + 1)"), ("name", "values.value"), ("type", number ? "number" : "text"),
                        ("value", entry.value),
                    ] + (number ? [("min", "1"), ("max", "10")] : [])),
            ]
        }
        return .el(
            "fieldset", [("class", "span entries values")],
            [.el("legend", [], [.text("Values served (strength 1-10)")])] + rows)
    }
}
