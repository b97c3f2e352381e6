import HTLCheck
import HTLCore
import HTLEdit
import HTLJSON
import HTLLoad
import HTLModel
import HTLProgress
import HTLRender
import HTLSystem

/// Logging an action from the form and from the JSON API: exactly `htl
/// log` (the line checked against the whole ledger, appended under the
/// writer lock, nothing written when it has an error).
extension WebApp {
    func logFromForm(_ request: WebRequest) async throws -> WebResponse {
        let form = FormBody.pairs(String(decoding: request.body, as: UTF8.self))
        let text = form.first { $0.name == "line" }?.value ?? ""
        let back = Self.safeBack(form.first { $0.name == "back" }?.value)
        switch try log(text, client: request.client, via: "/log") {
        case .written(let entry):
            let page = back.split(separator: "?").first.map(String.init) ?? "/"
            return .redirect(page + "?logged=" + FormBody.encode("\(entry.path):\(entry.lineNumber)"))
        case .refused(let findings):
            var again = request
            again.path = back.split(separator: "?").first.map(String.init) ?? "/"
            let view: AppPage.View = again.path == "/actions" ? .actions : .dashboard
            return try await page(view, again, status: 422) {
                $0.logText = text
                $0.findings = findings.text
            }
        }
    }

    func logFromAPI(_ request: WebRequest) async throws -> WebResponse {
        guard request.header("content-type")?.hasPrefix("application/json") == true else {
            return .json(415, "{\"error\": \"send JSON: Content-Type: application/json\"}\n")
        }
        guard let body = try? JSONParser.parse(request.body), let text = body["line"]?.string else {
            return .json(400, "{\"error\": \"send {\\\"line\\\": \\\"the action\\\"}\"}\n")
        }
        switch try log(text, client: request.client, via: "/api/log") {
        case .written(let entry):
            return .json(
                201,
                JSON.object([
                    ("written", .string(entry.line)), ("path", .string(entry.path)), ("line", .int(entry.lineNumber)),
                ]).serialized())
        case .refused(let findings):
            return .json(422, findings.json)
        }
    }

    enum Outcome {
        case written(LogEntry)
        case refused((text: String, json: String))
    }

    /// The line logged as `htl log` logs it, on the server's today.
    func log(_ text: String, client: String, via route: String) throws -> Outcome {
        guard LogEntry.isOneLine(text), !text.isEmpty else {
            report("\(client) POST \(route) 422 refused: not one line")
            let message = text.isEmpty ? "nothing to log: type the action" : "an action is one line"
            return .refused((message + "\n", "{\"diagnostics\": [], \"error\": \"\(message)\"}\n"))
        }
        let entry = try LogEntry.log(
            text, date: nil, time: nil, path: nil, dryRun: false,
            ledger: LoadRequest(root: settings.root, now: settings.now()),
            waiting: WriterLock.Waiting(patienceMilliseconds: 5_000))
        let findings = CheckReport(diagnostics: entry.diagnostics, fileCount: 1)
        if entry.hasErrors {
            report("\(client) POST \(route) 422 refused: \(findings.errorCount) error(s), nothing written")
            return .refused((DiagnosticRenderer.text(findings, files: [entry.file]), DiagnosticRenderer.json(findings)))
        }
        report("\(client) POST \(route) wrote \(entry.path):\(entry.lineNumber)")
        return .written(entry)
    }

    /// A checklist item ticked from the goal's page: `ChecklistTick`, which
    /// refuses when the file changed since the page was drawn (409, the
    /// page drawn again from the file as it is now, saying so).
    func tickFromForm(_ request: WebRequest, goal id: String) async throws -> WebResponse {
        let form = FormBody.pairs(String(decoding: request.body, as: UTF8.self))
        func field(_ name: String) -> String? { form.first { $0.name == name }?.value }
        guard let line = field("line").flatMap({ Int($0) }), let done = field("done"), done == "0" || done == "1",
            let version = field("version")
        else { return .text(400, "a checklist form sends line, done and version") }
        do {
            let ticked = try ChecklistTick.tick(
                goal: id, line: line, done: done == "1", version: version,
                ledger: LoadRequest(root: settings.root, now: settings.now()),
                waiting: WriterLock.Waiting(patienceMilliseconds: 5_000))
            report("\(request.client) POST \(request.path) wrote \(ticked.path):\(ticked.line)")
            return .redirect("/goals/\(id)")
        } catch {
            let message = (error as? HTLError)?.message ?? "\(error)"
            report("\(request.client) POST \(request.path) 409 refused: \(message)")
            var again = request
            again.path = "/goals/\(id)"
            return try await page(.goal(id), again, status: 409) { $0.refusal = message }
        }
    }

    /// A new goal from the goals page's form: `GoalDraft`, checked against
    /// the ledger and created under the writer lock (never over a file);
    /// its findings, or a field htl cannot read, send the form back (422)
    /// with what was typed.
    func newGoalFromForm(_ request: WebRequest) async throws -> WebResponse {
        let form = FormBody.pairs(String(decoding: request.body, as: UTF8.self))
        var typed: [String: String] = [:]
        for (name, value) in form where name != "csrf" && !value.isEmpty { typed[name] = value }
        do {
            let draft = try Self.draft(typed)
            let made = try draft.create(
                dryRun: false, ledger: LoadRequest(root: settings.root, now: settings.now()),
                waiting: WriterLock.Waiting(patienceMilliseconds: 5_000))
            if made.diagnostics.contains(where: \.isError) {
                let findings = DiagnosticRenderer.text(
                    CheckReport(diagnostics: made.diagnostics, fileCount: 1), files: [made.file])
                throw HTLError(findings + "nothing written")
            }
            report("\(request.client) POST /goals/new wrote \(made.file.path)")
            let id = String(made.file.path.split(separator: "/").last?.dropLast(3) ?? "")
            return .redirect("/goals/\(id)")
        } catch {
            let message = (error as? HTLError)?.message ?? "\(error)"
            report("\(request.client) POST /goals/new 422 refused")
            var again = request
            again.path = "/goals"
            return try await page(.goals(GoalFilter()), again, status: 422) {
                $0.refusal = message
                $0.draft = typed.isEmpty ? ["title": ""] : typed
            }
        }
    }

    /// The form's fields as a draft; a number or date htl cannot read is an error naming the field.
    static func draft(_ typed: [String: String]) throws -> GoalDraft {
        func number(_ name: String) throws -> Int? {
            guard let text = typed[name] else { return nil }
            guard let n = Int(text) else { throw HTLError("\(name) must be a whole number, not '\(text)'") }
            return n
        }
        func date(_ name: String) throws -> CivilDate? {
            guard let text = typed[name] else { return nil }
            guard let day = CivilDate.parse(text) else {
                throw HTLError("\(name) must be a date YYYY-MM-DD, not '\(text)'")
            }
            return day
        }
        var draft = GoalDraft(title: typed["title"] ?? "")
        draft.start = try date("start")
        draft.target = try date("target")
        draft.importance = try number("importance")
        draft.urgency = try number("urgency")
        if let measure = typed["measure"] {
            guard let text = typed["amount"], case .success(let amount) = ExactDecimal.parse(Array(text.utf8)) else {
                throw HTLError("a target needs an amount in \(measure), e.g. 100")
            }
            draft.targets = [(measure, amount)]
        }
        if let value = typed["value"] { draft.values = [(value, try number("strength") ?? 5)] }
        return draft
    }

    /// Where a form returns: one of this server's pages, never another site.
    static func safeBack(_ back: String?) -> String {
        guard let back, back.hasPrefix("/"), !back.hasPrefix("//"), !back.contains("\\"),
            back.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return "/" }
        return back
    }
}
