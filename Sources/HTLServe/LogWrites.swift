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

    /// Where a form returns: one of this server's pages, never another site.
    static func safeBack(_ back: String?) -> String {
        guard let back, back.hasPrefix("/"), !back.hasPrefix("//"), !back.contains("\\"),
            back.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return "/" }
        return back
    }
}
