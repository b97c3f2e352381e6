import HTLCheck
import HTLCore
import HTLEdit
import HTLJSON
import HTLLoad
import HTLModel
import HTLProgress
import HTLRender
import HTLSystem

/// `htl serve`'s whole behaviour as one function from a request to a
/// response: the guards (Host, token, CSRF, size), then the route. The HTTP
/// server only carries bytes (HTTPServer.swift); tests call `respond`
/// directly and through a real server.
public struct WebApp: Sendable {
    public let settings: ServeSettings
    let store: LedgerStore
    /// Writes and refusals, one line each, for the server's stderr.
    let report: @Sendable (String) -> Void
    /// The port the server listens on (known once bound, for `--port 0`).
    public let port: BoundPort

    /// The largest request body read (a log line is at most a few hundred bytes).
    public static let largestBody = 64 * 1024

    public init(settings: ServeSettings, report: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        store = LedgerStore(root: settings.root, now: settings.now)
        self.report = report
        port = BoundPort(settings.port)
    }

    /// The ledger's title, for the first line the server prints.
    public func title() async -> String {
        (try? await store.snapshot().loaded.ledger.settings.title) ?? nil ?? "htl"
    }

    public func respond(_ request: WebRequest) async -> WebResponse {
        let guards = Guards(settings: settings, port: port.value)
        if let refusal = guards.refusal(request) {
            if request.method == "POST" {
                report("\(request.client) \(request.method) \(request.path) \(refusal.status) refused")
            }
            return refusal
        }
        if let entry = guards.tokenEntry(request) { return entry }
        do {
            return try await route(request)
        } catch let error as HTLError {
            return .text(500, error.message)
        } catch {
            return .text(500, "\(error)")
        }
    }

    /// The routes, fixed: no path reaches a file.
    func route(_ request: WebRequest) async throws -> WebResponse {
        let path = request.path
        let goalID = path.hasPrefix("/goals/") ? String(path.dropFirst("/goals/".count)) : nil
        let apiGoalID = path.hasPrefix("/api/goals/") ? String(path.dropFirst("/api/goals/".count)) : nil
        let reading = request.method == "GET" || request.method == "HEAD"
        switch path {
        case "/", "/goals", "/values", "/terms", "/actions", "/app.js", "/api/version", "/api/status", "/api/complete":
            guard reading else { return Self.notAllowed("GET") }
        case "/log", "/api/log":
            guard request.method == "POST" else { return Self.notAllowed("POST") }
        case "/goals/new":
            guard request.method == "POST" else { return Self.notAllowed("POST") }
            return try await newGoalFromForm(request)
        case _ where goalID?.hasSuffix("/edit") == true:
            guard request.method == "POST" else { return Self.notAllowed("POST") }
            return try await editFromForm(request, goal: String(goalID!.dropLast("/edit".count)))
        case _ where goalID?.hasSuffix("/checklist") == true:
            guard request.method == "POST" else { return Self.notAllowed("POST") }
            return try await tickFromForm(request, goal: String(goalID!.dropLast("/checklist".count)))
        default:
            guard let id = goalID ?? apiGoalID, !id.isEmpty, !id.contains("/") else {
                return .text(404, "no page \(TerminalText.escaped(path))")
            }
            guard reading else { return Self.notAllowed("GET") }
        }
        switch path {
        case "/": return try await page(.dashboard, request)
        case "/goals":
            guard let filter = Self.goalFilter(request) else { return .text(400, "unknown filter value") }
            return try await page(.goals(filter), request)
        case "/values": return try await page(.values, request)
        case "/terms": return try await page(.terms, request)
        case "/actions": return try await page(.actions, request)
        case "/app.js":
            return WebResponse(
                status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8")],
                body: Array(LiveScript.source.utf8))
        case "/api/version": return .text(200, try await store.snapshot().version)
        case "/api/status": return try await statusJSON(request)
        case "/api/complete":
            let snapshot = try await store.snapshot()
            let words = LogCompletion.candidates(for: request.queryValue("word") ?? "", in: snapshot.loaded.ledger)
            return .json(200, JSON.array(words.map { .string($0) }).serialized())
        case "/log": return try await logFromForm(request)
        case "/api/log": return try await logFromAPI(request)
        default:
            if let id = apiGoalID { return try await goalJSON(id) }
            return try await page(.goal(goalID ?? ""), request)
        }
    }

    static func notAllowed(_ allowed: String) -> WebResponse {
        WebResponse(status: 405, headers: [("Allow", allowed)], body: Array("method not allowed\n".utf8))
    }

    /// `/goals?state=behind&value=health&term=7`; nil for a value no goal could have.
    static func goalFilter(_ request: WebRequest) -> GoalFilter? {
        var filter = GoalFilter()
        if let state = request.queryValue("state"), !state.isEmpty {
            guard let s = GoalState(rawValue: state) else { return nil }
            filter.state = s
        }
        if let value = request.queryValue("value"), !value.isEmpty { filter.value = value }
        if let term = request.queryValue("term"), !term.isEmpty {
            guard let n = Int(term), n > 0 else { return nil }
            filter.term = n
        }
        return filter
    }

    func context(_ snapshot: LedgerStore.Snapshot, path: String) -> AppContext {
        var context = AppContext(csrf: settings.csrf, readOnly: settings.readOnly)
        context.path = path
        context.recent = snapshot.recent
        if let timer = snapshot.timer, timer.running { context.timer = TimerWords.line(timer, at: settings.now()) }
        return context
    }

    func page(
        _ view: AppPage.View, _ request: WebRequest, status: Int = 200, edit: (inout AppContext) -> Void = { _ in }
    )
        async throws -> WebResponse
    {
        let snapshot = try await store.snapshot()
        var context = context(snapshot, path: request.path)
        if let logged = request.queryValue("logged") { context.notice = Self.notice(logged, snapshot) }
        if case .goal(let id) = view, let goal = snapshot.loaded.ledger.goal(id),
            let form = GoalEdit.form(for: goal, in: snapshot.loaded)
        {
            context.goalFileVersion = form.version
            context.goalFields = form.fields
            context.editOpen = request.queryValue("edit") != nil
            if let saved = request.queryValue("saved") {
                context.notice = saved == "1" ? "Saved \(goal.path)" : "Nothing to save: \(goal.path) already says this"
            }
        }
        edit(&context)
        guard
            let html = AppPage.render(
                view, ledger: snapshot.loaded.ledger, report: snapshot.report, context: context)
        else {
            return .text(
                404, "no goal '\(TerminalText.escaped(request.path.split(separator: "/").last.map(String.init) ?? ""))'"
            )
        }
        var response = WebResponse.html(status, html)
        response.headers += Guards.pageHeaders(settings)
        return response
    }

    /// "Logged: <the line> (log/2026.log:191)", read back from the ledger, never from the URL.
    static func notice(_ place: String, _ snapshot: LedgerStore.Snapshot) -> String? {
        let parts = place.split(separator: ":")
        guard parts.count == 2, let line = Int(parts[1]),
            let file = snapshot.loaded.files.first(where: { $0.path == parts[0] })
        else { return nil }
        let lines = String(decoding: file.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count, !lines[line - 1].isEmpty else { return nil }
        return "Logged: \(lines[line - 1]) (\(place))"
    }

    func statusJSON(_ request: WebRequest) async throws -> WebResponse {
        let snapshot = try await store.snapshot()
        let view = try StatusView(snapshot.report, all: request.queryValue("all") == "true")
        return .json(
            200,
            ReportJSON.status(
                snapshot.report, term: view.term, goals: view.goals,
                timer: ReportJSON.timer(snapshot.timer, at: settings.now())))
    }

    func goalJSON(_ id: String) async throws -> WebResponse {
        let snapshot = try await store.snapshot()
        guard let g = snapshot.report.goal(id) else { return .json(404, "{\"error\": \"no goal\"}\n") }
        return .json(200, ReportJSON.progress(g, ledger: snapshot.loaded.ledger, report: snapshot.report))
    }
}
