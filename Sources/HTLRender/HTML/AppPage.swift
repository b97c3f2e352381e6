import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// `htl serve`'s pages: the report's own components, one view per page, a
/// header that links the pages, and the log form. One renderer: the app and
/// `htl report` draw every card with the same code.
public enum AppPage {
    public enum View: Sendable, Equatable {
        case dashboard
        case goals(GoalFilter)
        case goal(String)
        case values
        case terms
        case actions
    }

    /// The page, or nil for a goal id the ledger does not have.
    public static func render(_ view: View, ledger: Ledger, report: ProgressReport, context: AppContext) -> String? {
        var page = Page(ledger: ledger, report: report, scene: ReportScene.choose(for: report))
        page.app = context
        page.current = Page.viewID(view)
        guard let main = page.appMain(view) else { return nil }
        return "<!DOCTYPE html>\n" + page.appDocument(view, main: main).serialized()
    }

    /// The recent distinct action texts (without date, time or
    /// corrections), newest first: what the quick-repeat buttons log again.
    public static func recentTexts(_ ledger: Ledger, today: CivilDate, limit: Int = 5) -> [String] {
        let order = ledger.actions.indices
            .filter { ledger.actions[$0].date <= today && !ledger.actions[$0].isCorrection }
            .sorted { Action.chronologically(ledger.actions[$1], ledger.actions[$0]) }
        var seen: [String] = []
        for i in order {
            let text = logText(ledger.actions[i], measures: ledger.measures)
            if !seen.contains(text) { seen.append(text) }
            if seen.count == limit { break }
        }
        return seen
    }

    /// An action as a log line's text after its date: the description
    /// (quoted when it holds what the log would read as more than words),
    /// the quantities as written, the links and the tags.
    static func logText(_ a: Action, measures: MeasureCatalog) -> String {
        var parts: [String] = []
        let d = a.description
        if !d.isEmpty {
            let literal = d.contains { "+#\"\\0123456789".contains($0) }
            parts.append(
                literal ? "\"" + d.replacingAll("\\", "\\\\").replacingAll("\"", "\\\"") + "\"" : d)
        }
        parts += a.quantities.map { $0.written(in: measures) }
        parts += a.links.map { "+" + $0.goal }
        parts += a.tags.map { "#" + $0 }
        return parts.joined(separator: " ")
    }
}

extension Page {
    static let appSections: [(id: String, title: String)] = [
        ("dashboard", "Dashboard"), ("goals", "Goals"), ("values", "Values"), ("terms", "Terms"),
        ("actions", "Actions"),
    ]

    func appMain(_ view: AppPage.View) -> [N]? {
        switch view {
        case .dashboard: return [timerNote, logForm, dashboard]
        case .goals(let filter):
            return [
                refusalNote, newGoalForm, goalFilterForm(filter),
                goalsSection(filter.apply(report), unreadable: filter.isEmpty ? report.unreadableGoals : []),
            ]
        case .goal(let id):
            guard let g = report.goal(id) else { return nil }
            return [
                noticeNote, refusalNote,
                section(
                    "goal",
                    [
                        .el("h2", [("id", "goal-title"), ("class", "visually-hidden")], [.text(g.goal.title)]),
                        goalCard(g), checklistForms(g), editGoalForm(g),
                    ]),
                actionsSection(ActionFilter(goal: id)),
            ]
        case .values: return [valuesSection]
        case .terms: return [termsSection]
        case .actions: return [timerNote, logForm, actionsSection]
        }
    }

    static func viewID(_ view: AppPage.View) -> String {
        switch view {
        case .dashboard: return "dashboard"
        case .goals, .goal: return "goals"
        case .values: return "values"
        case .terms: return "terms"
        case .actions: return "actions"
        }
    }

    func appDocument(_ view: AppPage.View, main: [N]) -> N {
        let current = Page.viewID(view)
        let name = Page.appSections.first { $0.id == current }?.title ?? ""
        return shell(
            title: "\(name) · \(title) · htl", head: [.el("script", [("src", "/app.js"), ("defer", "")])],
            css: ReportStylesheet.css(scene: scene) + AppStylesheet.css, main: main,
            footer: [
                view == .dashboard ? legend : .empty,
                .el("p", [("class", "plate")], [.text("Served by htl for \(today)")]),
            ], mainAttributes: [("data-live", "")])
    }

    /// "Log an action": one field that takes the log line, checked as `htl
    /// log` checks it; a refused line's findings beside it; the recent
    /// actions as one-tap repeats. Nothing in read-only mode.
    var logForm: N {
        guard let app, !app.readOnly else { return .empty }
        var children: [N] = [
            .el("label", [("for", "log-line"), ("class", "eyebrow area-actions")], [.text("Log an action")]),
            .el(
                "div", [("class", "log-row")],
                [
                    .el(
                        "input",
                        [
                            ("id", "log-line"), ("name", "line"), ("type", "text"), ("value", app.logText),
                            ("autocomplete", "off"), ("autocapitalize", "off"), ("spellcheck", "false"),
                            ("required", ""), ("maxlength", "4000"),
                            ("aria-describedby", app.findings == nil ? "log-help" : "log-help log-findings"),
                            ("placeholder", "Tempo run 6km +run-100km #running"),
                        ]),
                    .el("button", [("type", "submit")], [.text("Log")]),
                ]),
            // Filled by the script as a word is typed: goals, tags and units to complete it with.
            .el("div", [("id", "log-suggestions"), ("class", "repeats"), ("aria-live", "polite")]),
            csrfField(),
            .el("input", [("type", "hidden"), ("name", "back"), ("value", app.path)]),
            .el(
                "p", [("id", "log-help"), ("class", "quiet")],
                [.text("Words, quantities (6km, 35min), +goal, #tag; dated today.")]),
        ]
        if let findings = app.findings {
            children.append(
                .el(
                    "pre", [("id", "log-findings"), ("class", "findings"), ("role", "alert")],
                    [.text(findings + "nothing written")]))
        }
        if let notice = app.notice {
            children.append(.el("p", [("class", "notice"), ("role", "status")], [.text(notice)]))
        }
        var parts: [N] = [
            .el("form", [("class", "log-form"), ("method", "post"), ("action", "/log")], children)
        ]
        if !app.recent.isEmpty {
            parts.append(
                .el(
                    "div", [("class", "repeats")],
                    [.el("p", [("class", "quiet"), ("id", "repeat-title")], [.text("Again, today:")])]
                        + app.recent.map { text in
                            .el(
                                "form", [("method", "post"), ("action", "/log"), ("aria-describedby", "repeat-title")],
                                [
                                    .el("input", [("type", "hidden"), ("name", "line"), ("value", text)]),
                                    csrfField(),
                                    .el("input", [("type", "hidden"), ("name", "back"), ("value", app.path)]),
                                    .el("button", [("type", "submit"), ("class", "pill")], [.text(text)]),
                                ])
                        }))
        }
        return .el("section", [("class", "card log"), ("aria-label", "Log an action")], parts)
    }

    /// Filters for the goals page: a form that gets `/goals?state=…&value=…&term=…`.
    func goalFilterForm(_ filter: GoalFilter) -> N {
        func select(_ name: String, _ label: String, _ options: [(value: String, text: String)], _ chosen: String?)
            -> [N]
        {
            [
                .el("label", [("for", "filter-\(name)")], [.text(label)]),
                .el(
                    "select", [("id", "filter-\(name)"), ("name", name)],
                    [.el("option", [("value", "")], [.text("any")])]
                        + options.map { o in
                            .el(
                                "option", [("value", o.value)] + (o.value == chosen ? [("selected", "")] : []),
                                [.text(o.text)])
                        }),
            ]
        }
        let states = GoalState.allCases.map { ($0.rawValue, $0.words) }
        let values = ledger.values.map { ($0.id, $0.title) }
        let terms = ledger.terms.map { (String($0.number), "Term \($0.number)") }
        return .el(
            "form",
            [("class", "card filters"), ("method", "get"), ("action", "/goals"), ("aria-label", "Filter goals")],
            select("state", "State", states, filter.state?.rawValue)
                + select("value", "Value", values, filter.value)
                + select("term", "Term", terms, filter.term.map(String.init))
                + [.el("button", [("type", "submit")], [.text("Show")])])
    }
}
