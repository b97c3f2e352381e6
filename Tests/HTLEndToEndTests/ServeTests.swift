import Foundation
import HTLTestSupport
import Testing

/// `htl serve` driven by a real HTTP client (curl) and raw sockets, on a
/// copy of goals-example: pages, the JSON API, writes exactly as `htl log`,
/// and the guards (Host, token, CSRF, sizes, read-only, hostile bytes).
@Suite(.serialized) struct ServeTests {
    static let example = Paths.root.appendingPathComponent("goals-example").path
    static let today = ["--today", "2026-11-22"]

    /// A fresh copy of goals-example, removed by the caller.
    func copy() throws -> TemporaryLedger {
        let files = try TemporaryLedger([:])
        let copy = files.root + "/ledger"
        try FileManager.default.copyItem(atPath: Self.example, toPath: copy)
        return files
    }

    func withServer(_ arguments: [String] = [], _ body: (ServedLedger, String) throws -> Void) throws {
        let folder = try copy()
        defer { folder.remove() }
        let root = folder.root + "/ledger"
        let server = try ServedLedger(root, arguments: arguments)
        try body(server, root)
        let stopped = server.stop()
        #expect(stopped.status == 0, "htl serve did not stop cleanly: \(stopped.stderr)")
    }

    @Test func everyPageShowsTheLedger() throws {
        try withServer { server, root in
            #expect(server.banner.first == "Serving Maya's ledger at \(server.url)")
            #expect(server.url == "http://127.0.0.1:\(server.port)/")
            let ids = (FileManager.default.enumerator(atPath: root + "/goals")?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".md") }.map { String($0.split(separator: "/").last!.dropLast(3)) }
            #expect(ids.count == 11)
            let goals = try server.request("GET", "/goals")
            #expect(goals.status == 200)
            for id in ids {
                #expect(goals.body.contains("id=\"goal-\(id)\""), "\(id)")
            }
            let pages = [
                ("/", "<h2 id=\"dashboard-title\""), ("/values", "<h2 id=\"values-title\">Values</h2>"),
                ("/terms", "<h2 id=\"terms-title\">Terms</h2>"), ("/actions", "<h2 id=\"actions-title\">Actions</h2>"),
                ("/goals/run-100km", "<span>8 actions · 1 correction</span>"),
                ("/goals?state=behind", "id=\"goal-learn-spanish\""),
            ]
            for (path, shown) in pages {
                let reply = try server.request("GET", path)
                #expect(reply.status == 200, "\(path)")
                #expect(reply.body.contains(shown), "\(path): \(shown)")
                #expect(reply.header("Content-Security-Policy")?.contains("default-src 'none'") == true, "\(path)")
            }
            let behind = try server.request("GET", "/goals?state=behind").body
            #expect(!behind.contains("id=\"goal-run-100km\""))
            #expect(try server.request("GET", "/goals/no-such-goal").status == 404)
            #expect(try server.request("GET", "/goals?state=sideways").status == 400)
        }
    }

    @Test func theAPIAnswersWhatTheCommandsPrint() throws {
        try withServer { server, root in
            let status = try server.request("GET", "/api/status")
            #expect(status.status == 200)
            #expect(status.header("Content-Type") == "application/json")
            #expect(status.body == (try HTLBinary.run(["status", "--json", "-C", root] + Self.today)).stdout)
            let goal = try server.request("GET", "/api/goals/run-100km")
            #expect(
                goal.body == (try HTLBinary.run(["progress", "run-100km", "--json", "-C", root] + Self.today)).stdout)
            #expect(try server.request("GET", "/api/goals/nope").status == 404)
        }
    }

    @Test func aLoggedLineIsWhatHtlLogWouldWrite() throws {
        try withServer { server, root in
            let line = "Tempo run 6km 31min +run-100km #running"
            let expected = try HTLBinary.run(["log", "--dry-run", "-C", root, line] + Self.today).stdout
            #expect(expected == "2026-11-22 Tempo run 6km 31min +run-100km #running\n")
            let before = try String(contentsOfFile: root + "/log/2026.log", encoding: .utf8)
            let lines = before.split(separator: "\n", omittingEmptySubsequences: false).count - 1

            let api = try server.request(
                "POST", "/api/log",
                headers: ["Authorization: Bearer \(server.token)", "Content-Type: application/json"],
                body: "{\"line\": \"\(line)\"}")
            #expect(api.status == 201)
            #expect(
                api.body == """
                    {
                      "written": "2026-11-22 Tempo run 6km 31min +run-100km #running",
                      "path": "log/2026.log",
                      "line": \(lines + 1)
                    }

                    """)
            // The form: the page's CSRF field and its same-site cookie.
            let jar = root + "/../cookies"
            let page = try server.request("GET", "/", cookies: jar)
            let csrf = try #require(
                page.body.components(separatedBy: "name=\"csrf\" value=\"").dropFirst().first?.prefix(64))
            let form = try server.request(
                "POST", "/log", headers: ["Content-Type: application/x-www-form-urlencoded"],
                body: "line=Easy+run+4km+%2Brun-100km&csrf=\(csrf)&back=%2Factions", cookies: jar)
            #expect(form.status == 303)
            #expect(form.header("Location") == "/actions?logged=log/2026.log:\(lines + 2)")
            let after = try String(contentsOfFile: root + "/log/2026.log", encoding: .utf8)
            #expect(after == before + expected + "2026-11-22 Easy run 4km +run-100km\n")
            let shown = try server.request("GET", "/actions?logged=log/2026.log:\(lines + 2)", cookies: jar).body
            #expect(shown.contains("Logged: 2026-11-22 Easy run 4km +run-100km (log/2026.log:\(lines + 2))"))
            let stopped = server.stop()
            #expect(stopped.stderr.contains("POST /api/log wrote log/2026.log:\(lines + 1)\n"), "\(stopped.stderr)")
        }
    }

    @Test func aBadLineWritesNothingAndSaysWhy() throws {
        try withServer { server, root in
            let before = try Data(contentsOf: URL(fileURLWithPath: root + "/log/2026.log"))
            let api = try server.request(
                "POST", "/api/log",
                headers: ["Authorization: Bearer \(server.token)", "Content-Type: application/json"],
                body: "{\"line\": \"Tempo run 6kms +run-100km\"}")
            #expect(api.status == 422)
            #expect(
                api.body.contains("\"column\": 23,\n      \"severity\": \"error\",\n      \"rule\": \"unknown-unit\""),
                "\(api.body)")
            let jar = root + "/../cookies"
            let page = try server.request("GET", "/", cookies: jar)
            let csrf = try #require(
                page.body.components(separatedBy: "name=\"csrf\" value=\"").dropFirst().first?.prefix(64))
            let form = try server.request(
                "POST", "/log", headers: ["Content-Type: application/x-www-form-urlencoded"],
                body: "line=Tempo+run+6kms&csrf=\(csrf)&back=%2F", cookies: jar)
            #expect(form.status == 422)
            #expect(
                form.body.contains("log/2026.log:188:23: error: unknown unit 'kms' (did you mean 'km'?) [unknown-unit]")
            )
            #expect(form.body.contains("value=\"Tempo run 6kms\""))
            // "\r\n" inside the field would be two log lines: refused like any line break.
            let broken = try server.request(
                "POST", "/log", headers: ["Content-Type: application/x-www-form-urlencoded"],
                body: "line=Run+5km%0D%0Ax&csrf=\(csrf)&back=%2F", cookies: jar)
            #expect(broken.status == 422)
            #expect(broken.body.contains("an action is one line"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/log/2026.log")) == before)
        }
    }

    /// A checklist item ticked on the goal's page changes one byte of the
    /// file; a tick drawn from a file an editor has saved since is refused,
    /// and the editor's text stands.
    @Test func aTickChangesOneMarkAndNeverAnEditorsSave() throws {
        try withServer { server, root in
            let path = root + "/goals/declutter-flat.md"
            let before = try String(contentsOfFile: path, encoding: .utf8)
            let jar = root + "/../cookies"
            let page = try server.request("GET", "/goals/declutter-flat", cookies: jar).body
            #expect(page.contains("aria-pressed=\"false\">☐ Bathroom cabinet</button>"), "\(page)")
            func field(_ name: String, in html: String, after: String) -> String {
                let form = html.components(separatedBy: after).first ?? ""
                return form.components(separatedBy: "name=\"\(name)\" value=\"").last?.components(separatedBy: "\"")
                    .first ?? ""
            }
            let csrf = field("csrf", in: page, after: "☐ Bathroom cabinet")
            let version = field("version", in: page, after: "☐ Bathroom cabinet")
            let tick = "csrf=\(csrf)&line=23&done=1&version=\(version)"
            let ticked = try server.request(
                "POST", "/goals/declutter-flat/checklist", headers: ["Content-Type: application/x-www-form-urlencoded"],
                body: tick, cookies: jar)
            #expect(ticked.status == 303)
            #expect(ticked.header("Location") == "/goals/declutter-flat")
            let after = try String(contentsOfFile: path, encoding: .utf8)
            #expect(after == before.replacingOccurrences(of: "- [ ] Bathroom cabinet", with: "- [x] Bathroom cabinet"))
            // 5 of 9 done became 6 of 9.
            let shown = try server.request("GET", "/goals/declutter-flat").body
            #expect(shown.contains("<span>progress <strong>66%, checklist 6 / 9</strong></span>"), "\(shown)")

            // The page was drawn; then an editor saved the file: the tick from that page writes nothing.
            let drawn = try server.request("GET", "/goals/declutter-flat", cookies: jar).body
            let stale =
                "csrf=\(csrf)&line=24&done=1&version=\(field("version", in: drawn, after: "☐ Bedroom wardrobe"))"
            let saved = after.replacingOccurrences(
                of: "- [ ] Bedroom wardrobe", with: "- [ ] Bedroom wardrobe and drawers")
            try saved.write(toFile: path, atomically: true, encoding: .utf8)
            let refused = try server.request(
                "POST", "/goals/declutter-flat/checklist", headers: ["Content-Type: application/x-www-form-urlencoded"],
                body: stale, cookies: jar)
            #expect(refused.status == 409)
            #expect(refused.body.contains("goals/declutter-flat.md changed on disk since this page was drawn"))
            #expect(refused.body.contains("☐ Bedroom wardrobe and drawers</button>"))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == saved)
        }
    }

    /// "New goal" on the goals page writes the goal file the form describes,
    /// checked like every writer's; a refused draft writes nothing and comes back.
    @Test func aNewGoalFromTheForm() throws {
        try withServer { server, root in
            let jar = root + "/../cookies"
            let page = try server.request("GET", "/goals", cookies: jar).body
            #expect(page.contains("<summary>New goal</summary>"))
            let csrf = page.components(separatedBy: "name=\"csrf\" value=\"").dropFirst().first?.prefix(64) ?? ""
            let made = try server.request(
                "POST", "/goals/new",
                body: "title=Swim+20+km&start=2026-11-23&target=2027-01-10&importance=6&amount=20&measure=km"
                    + "&value=health&strength=7&csrf=\(csrf)", cookies: jar)
            #expect(made.status == 303)
            #expect(made.header("Location") == "/goals/swim-20-km")
            #expect(
                try String(contentsOfFile: root + "/goals/swim-20-km.md", encoding: .utf8) == """
                    ---
                    title: Swim 20 km
                    importance: 6
                    start: 2026-11-23
                    target: 2027-01-10
                    targets:
                      km: 20
                    values:
                      health: 7
                    ---

                    """)
            #expect(try server.request("GET", "/goals/swim-20-km").body.contains("0 / 20 km"))
            let refused = try server.request(
                "POST", "/goals/new", body: "title=Swim&importance=11&csrf=\(csrf)", cookies: jar)
            #expect(refused.status == 422)
            #expect(
                refused.body.contains(
                    "goals/swim.md:3:13: error: importance must be an integer from 1 to 10, found 11 [invalid-value]"))
            #expect(refused.body.contains("id=\"new-importance\" name=\"importance\" type=\"number\" value=\"11\""))
            #expect(!FileManager.default.fileExists(atPath: root + "/goals/swim.md"))
        }
    }

    /// The form's hidden field `name` in a page (the first, or the first after `after`).
    static func hidden(_ name: String, in html: String, after: String = "") -> String {
        let rest = after.isEmpty ? html : html.components(separatedBy: after).dropFirst().joined()
        return rest.components(separatedBy: "name=\"\(name)\" value=\"").dropFirst().first?
            .components(separatedBy: "\"").first ?? ""
    }

    /// "Edit this goal": the fields that changed are rewritten, the file ends
    /// canonical with every comment, and findings write nothing.
    @Test func anEditRewritesWhatChangedAndKeepsComments() throws {
        try withServer { server, root in
            let path = root + "/goals/run-100km.md"
            let original = try String(contentsOfFile: path, encoding: .utf8)
            let commented = original.replacingOccurrences(of: "importance: 8\n", with: "importance: 8  # was 7\n")
                .replacingOccurrences(of: "  km: 100\n", with: "  # ten a week\n  km: 100\n")
            try commented.write(toFile: path, atomically: true, encoding: .utf8)
            let jar = root + "/../cookies"
            let page = try server.request("GET", "/goals/run-100km?edit", cookies: jar).body
            #expect(page.contains("<details class=\"card edit-goal\" open=\"\"><summary>Edit this goal</summary>"))
            #expect(
                page.contains("name=\"targets.value\" type=\"text\" value=\"100\" aria-label=\"Targets 1: amount\""))
            let form = "<summary>Edit this goal</summary>"
            let csrf = Self.hidden("csrf", in: page, after: form)
            let version = Self.hidden("version", in: page, after: form)
            let fields =
                "title=Run+120+km+this+term&importance=9&urgency=&start=2026-11-02&target=2027-01-10&status="
                + "&targets.key=km&targets.value=120&targets.key=sessions&targets.value=30"
                + "&cadence.key=actions&cadence.value=3%2Fweek&cadence.key=&cadence.value="
                + "&values.key=health&values.value=9&values.key=community&values.value=3&values.key=home&values.value="
            let saved = try server.request(
                "POST", "/goals/run-100km/edit", body: "csrf=\(csrf)&version=\(version)&" + fields, cookies: jar)
            #expect(saved.status == 303)
            #expect(saved.header("Location") == "/goals/run-100km?saved=1")
            let expected = commented.replacingOccurrences(
                of: """
                    title: Run 100 kilometres this term
                    importance: 8  # was 7
                    urgency: 5

                    """,
                with: """
                    title: Run 120 km this term
                    importance: 9 # was 7

                    """
            ).replacingOccurrences(
                of: "  # ten a week\n  km: 100\nvalues:\n  health: 9\n",
                with: "  # ten a week\n  km: 120\n  sessions: 30\nvalues:\n  health: 9\n  community: 3\n")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
            #expect(try server.request("GET", "/goals/run-100km?saved=1").body.contains("Saved goals/run-100km.md"))

            let now = try server.request("GET", "/goals/run-100km", cookies: jar).body
            let refused = try server.request(
                "POST", "/goals/run-100km/edit",
                body: "csrf=\(csrf)&version=\(Self.hidden("version", in: now, after: form))&importance=11", cookies: jar
            )
            #expect(refused.status == 422)
            #expect(
                refused.body.contains(
                    "goals/run-100km.md:3:13: error: importance must be an integer from 1 to 10, found 11 [invalid-value]"
                ))
            #expect(refused.body.contains("id=\"edit-importance\" name=\"importance\" type=\"number\" value=\"11\""))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
        }
    }

    /// An edit from a form drawn before an editor saved the file writes
    /// nothing: the editor's text stays on disk, and the page shows the file
    /// as it is now with what was typed listed beside it.
    @Test func anEditRacingAnEditorsSaveIsRefusedAndLosesNothing() throws {
        try withServer { server, root in
            let path = root + "/goals/run-100km.md"
            let jar = root + "/../cookies"
            let page = try server.request("GET", "/goals/run-100km", cookies: jar).body
            let form = "<summary>Edit this goal</summary>"
            let drawn =
                "csrf=\(Self.hidden("csrf", in: page, after: form))&version=\(Self.hidden("version", in: page, after: form))"
            let editors = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
                of: "title: Run 100 kilometres this term", with: "title: Run 100 km before the new year")
            try editors.write(toFile: path, atomically: true, encoding: .utf8)
            let refused = try server.request(
                "POST", "/goals/run-100km/edit",
                body: drawn + "&title=Run+100+kilometres+this+term&importance=9&targets.key=km&targets.value=120",
                cookies: jar)
            #expect(refused.status == 409)
            #expect(
                refused.body.contains(
                    "goals/run-100km.md changed on disk since this form was drawn (saved in an editor?); nothing was "
                        + "written. What you typed, which the file does not say:\n"
                        + "title: Run 100 kilometres this term (the file now: Run 100 km before the new year)\n"
                        + "importance: 9 (the file now: 8)\ntargets: km 120 (the file now: km 100)</p>"))
            #expect(
                refused.body.contains(
                    "id=\"edit-title\" name=\"title\" type=\"text\" value=\"Run 100 km before the new year\""))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == editors)
            // A stale form is refused as stale before anything in it is judged (an empty title too).
            let empty = try server.request(
                "POST", "/goals/run-100km/edit", body: drawn + "&title=+&urgency=7", cookies: jar)
            #expect(empty.status == 409)

            // A read-only file: nothing written, the form comes back as typed.
            let now = try server.request("GET", "/goals/run-100km", cookies: jar).body
            chmod(path, 0o444)
            defer { chmod(path, 0o644) }
            let current =
                "csrf=\(Self.hidden("csrf", in: now, after: form))&version=\(Self.hidden("version", in: now, after: form))"
            let locked = try server.request(
                "POST", "/goals/run-100km/edit", body: current + "&importance=9", cookies: jar)
            #expect(locked.status == 409)
            #expect(locked.body.contains("goals/run-100km.md is read-only"), "\(locked.body)")
            #expect(locked.body.contains("id=\"edit-importance\" name=\"importance\" type=\"number\" value=\"9\""))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == editors)
        }
    }

    @Test func readOnlyRefusesEveryWrite() throws {
        try withServer(["--read-only"]) { server, root in
            let before = try Data(contentsOf: URL(fileURLWithPath: root + "/log/2026.log"))
            #expect(server.banner.contains("read-only: every write is refused"))
            let page = try server.request("GET", "/")
            #expect(page.status == 200)
            #expect(!page.body.contains("<form class=\"log-form\""))
            let api = try server.request(
                "POST", "/api/log",
                headers: ["Authorization: Bearer \(server.token)", "Content-Type: application/json"],
                body: "{\"line\": \"Run 5km +run-100km\"}")
            #expect(api.status == 403)
            #expect(try server.request("POST", "/log", body: "line=Run+5km").status == 403)
            #expect(try server.request("POST", "/goals/run-100km/edit", body: "importance=9").status == 403)
            #expect(!(try server.request("GET", "/goals/run-100km?edit").body.contains("Edit this goal")))
            #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/log/2026.log")) == before)
        }
    }

    @Test func theGuardsRefuseWhatIsNotOurs() throws {
        try withServer { server, root in
            let before = try Data(contentsOf: URL(fileURLWithPath: root + "/log/2026.log"))
            // DNS rebinding: another name for this machine.
            #expect(try server.request("GET", "/", host: "evil.example:\(server.port)").status == 421)
            #expect(try server.request("GET", "/", host: "localhost:\(server.port)").status == 200)
            // A form post without the CSRF field, or without its cookie.
            #expect(try server.request("POST", "/log", body: "line=Run+5km+%2Brun-100km").status == 403)
            #expect(try server.request("POST", "/goals/run-100km/edit", body: "importance=9").status == 403)
            let page = try server.request("GET", "/")
            let csrf = page.body.components(separatedBy: "name=\"csrf\" value=\"").dropFirst().first?.prefix(64) ?? ""
            #expect(try server.request("POST", "/log", body: "line=Run+5km&csrf=\(csrf)").status == 403)
            // The API without its token, and a browser's preflight.
            #expect(
                try server.request(
                    "POST", "/api/log", headers: ["Content-Type: application/json"], body: "{\"line\": \"Run 5km\"}"
                ).status == 401)
            #expect(try server.request("OPTIONS", "/api/log").status == 405)
            // No path reaches a file.
            for path in ["/../htl.yaml", "/goals/../../htl.yaml", "/%2e%2e/htl.yaml", "/log/2026.log", "/htl.yaml"] {
                let reply = try server.request("GET", path)
                #expect(reply.status == 404 || reply.status == 405, "\(path): \(reply.status)")
                #expect(!reply.body.contains("htl: 1"), "\(path)")
            }
            // Ten megabytes are not read.
            let big = root + "/../big"
            try Data(repeating: UInt8(ascii: "a"), count: 10 << 20).write(to: URL(fileURLWithPath: big))
            #expect(
                try server.request(
                    "POST", "/api/log",
                    headers: ["Authorization: Bearer \(server.token)", "Content-Type: application/json"],
                    bodyFile: big
                ).status == 413)
            #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/log/2026.log")) == before)
        }
    }

    @Test func beyondLoopbackEveryRequestNeedsTheToken() throws {
        try withServer(["--host", "0.0.0.0"]) { server, root in
            #expect(
                server.banner.first == "Serving Maya's ledger at http://0.0.0.0:\(server.port)/?token=\(server.token)")
            #expect(try server.request("GET", "/").status == 401)
            #expect(try server.request("GET", "/api/status").status == 401)
            #expect(try server.request("GET", "/?token=wrong").status == 401)
            let jar = root + "/../cookies"
            let entry = try server.request("GET", "/goals?token=\(server.token)&state=behind", cookies: jar)
            #expect(entry.status == 303)
            #expect(entry.header("Location") == "/goals?state=behind")
            #expect(entry.header("Set-Cookie") == "htl_token=\(server.token); Path=/; HttpOnly; SameSite=Strict")
            #expect(try server.request("GET", "/goals?state=behind", cookies: jar).status == 200)
            #expect(
                try server.request("GET", "/api/status", headers: ["Authorization: Bearer \(server.token)"]).status
                    == 200)
        }
    }

    @Test func theFieldsCompletionsComeFromTheLedger() throws {
        try withServer { server, _ in
            let answers = try ["%2Brun", "%23fam", "6k", "run"].map {
                try server.request("GET", "/api/complete?word=\($0)").body
            }
            // goals-example's measures starting with k: kg, km and its aliases kilometre, kilometres.
            #expect(
                answers == [
                    "[\"+run-100km\", \"+run-autumn-10k\"]\n", "[\"#family\"]\n",
                    "[\"6kg\", \"6kilometre\", \"6kilometres\", \"6km\"]\n", "[]\n",
                ])
        }
    }

    @Test func theVersionChangesWhenAFileDoes() throws {
        try withServer { server, root in
            let first = try server.request("GET", "/api/version").body
            #expect(try server.request("GET", "/api/version").body == first)
            #expect(try HTLBinary.run(["log", "-C", root, "Stretching 20min #health"] + Self.today).status == 0)
            let second = try server.request("GET", "/api/version").body
            #expect(second != first)
            #expect(try server.request("GET", "/actions").body.contains("Stretching"))
        }
    }

    /// A timer started in a terminal shows on the dashboard, in read-only
    /// mode too, and in `/api/status` as in `htl status --json`.
    @Test func aRunningTimerShows() throws {
        try withServer(["--read-only"]) { server, root in
            let before = try server.request("GET", "/api/version").body
            let started = try HTLBinary.run(
                ["start", "Tempo run 6km +run-100km", "-C", root, "--at", "07:05"] + Self.today)
            #expect(started.status == 0, "\(started.stderr)")
            #expect(try server.request("GET", "/api/version").body != before)
            #expect(
                try server.request("GET", "/").body.contains(
                    "<p class=\"card timer\" role=\"status\">Timer: Tempo run 6km +run-100km, since 07:05</p>"))
            let status = try server.request("GET", "/api/status").body
            #expect(status == (try HTLBinary.run(["status", "--json", "-C", root] + Self.today)).stdout)
            #expect(status.contains("\"started\": \"2026-11-22T07:05\""))
        }
    }

    /// A real browser at 390 px logs a run through the form; the page it
    /// lands on says so, and the dashboard's term mean moves (52% → 53%).
    @Test func aBrowserLogsARunThroughTheForm() throws {
        try withServer { server, root in
            let browser = try WebDriver(width: 390, height: 844)
            defer { browser.quit() }
            try browser.open(server.url)
            #expect(try browser.text(".ring-value") == "52%")
            try browser.type("Long run 12km +run-100km #running", into: "#log-line")
            try browser.click(".log-form button[type=submit]")
            #expect(try browser.url.hasSuffix("/?logged=log/2026.log:188"))
            #expect(
                try browser.text(".notice") == "Logged: 2026-11-22 Long run 12km +run-100km #running (log/2026.log:188)"
            )
            #expect(try browser.text(".ring-value") == "53%")
            let log = try String(contentsOfFile: root + "/log/2026.log", encoding: .utf8)
            #expect(log.hasSuffix("2026-11-22 Long run 12km +run-100km #running\n"))
            // The field completes the word being typed: "+run-1" becomes "+run-100km".
            try browser.waitForElements(milliseconds: 5_000)
            try browser.type("Easy run 4km +run-1", into: "#log-line")
            try browser.click("#log-suggestions button")
            #expect(try browser.value("#log-line") == "Easy run 4km +run-100km ")
        }
    }

    /// axe-core on every page (and a refused line's page), light and dark, at 390 and 1280 px: no serious or
    /// critical violation.
    @Test func everyPagePassesTheAccessibilityAudit() throws {
        try withServer { server, root in
            let jar = root + "/../cookies"
            let home = try server.request("GET", "/", cookies: jar)
            let csrf = home.body.components(separatedBy: "name=\"csrf\" value=\"").dropFirst().first?.prefix(64) ?? ""
            var pages: [(String, String)] = []
            for path in ["/", "/goals", "/goals/run-100km?edit", "/values", "/terms", "/actions"] {
                pages.append((path, try server.request("GET", path).body))
            }
            let refused = try server.request(
                "POST", "/log", headers: ["Content-Type: application/x-www-form-urlencoded"],
                body: "line=Tempo+run+6kms&csrf=\(csrf)&back=%2F", cookies: jar)
            pages.append(("refused", refused.body))
            for (path, html) in pages {
                for (width, dark) in [(390, false), (390, true), (1280, false), (1280, true)] {
                    let name = "serve" + path.replacingOccurrences(of: "/", with: "-") + "-\(width)"
                    let violations = try ReportBrowserTests.axeViolations(
                        html, name: name, darkScheme: dark, width: width)
                    let grave = ReportBrowserTests.grave(violations)
                    #expect(grave.isEmpty, "\(path) at \(width) px, \(dark ? "dark" : "light"): \(grave)")
                }
            }
        }
    }

    /// A thousand requests of random bytes, methods, paths and headers, on raw sockets: every one answered or closed,
    /// and the server still serves.
    @Test func randomRequestsNeverCrashIt() throws {
        try withServer { server, _ in
            var generator = SplitMix(seed: 52)
            let methods = ["GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH", "G\u{0}T", ""]
            let paths = [
                "/", "/goals/", "/goals/%00", "/api/log", "/log", "/../../etc/passwd", "/api/goals/\u{1F600}", "//",
            ]
            for i in 0..<1000 {
                var request: [UInt8]
                if i % 3 == 0 {
                    request = (0..<Int(generator.next() % 600)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                } else {
                    let method = methods[Int(generator.next() % UInt64(methods.count))]
                    let path = paths[Int(generator.next() % UInt64(paths.count))]
                    let length = Int(generator.next() % 300)
                    var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
                    if i % 2 == 0 { text += "Content-Length: \(length)\r\nContent-Type: application/json\r\n" }
                    text += "\r\n"
                    request = Array(text.utf8) + (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                }
                _ = RawSocket.exchange(port: server.port, request)
            }
            #expect(server.isRunning)
            let after = try server.request("GET", "/")
            #expect(after.status == 200)
        }
    }
}

/// A deterministic random sequence (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
