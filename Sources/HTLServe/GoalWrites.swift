import HTLCheck
import HTLCore
import HTLEdit
import HTLLoad
import HTLModel
import HTLProgress
import HTLRender
import HTLSystem

/// The goal writes of the app: a new goal, a goal's fields edited, a
/// checklist item ticked. Each is the library's writer (`GoalDraft`,
/// `GoalEdit`, `ChecklistTick`) under the writer lock; a refusal sends the
/// page back saying why, with what was typed.
extension WebApp {
    /// A goal's fields from its page's edit form: `GoalEdit`. When the file
    /// changed since the form was drawn: 409, the page drawn from the file
    /// as it is now and what was typed listed beside it, so neither text is
    /// lost. Findings, or a field htl cannot read: 422, the form as typed.
    func editFromForm(_ request: WebRequest, goal id: String) async throws -> WebResponse {
        let form = FormBody.pairs(String(decoding: request.body, as: UTF8.self))
        guard let version = form.first(where: { $0.name == "version" })?.value else {
            return .text(400, "an edit form sends the file's version")
        }
        let typed: GoalFields
        do {
            typed = try Self.goalFields(form)
        } catch {
            return try await refusedEdit(request, goal: id, status: 422, message: "\(error)", typed: nil, version: nil)
        }
        do {
            let outcome = try GoalEdit.apply(
                typed, goal: id, version: version, ledger: LoadRequest(root: settings.root, now: settings.now()),
                waiting: WriterLock.Waiting(patienceMilliseconds: 5_000))
            guard !outcome.diagnostics.contains(where: \.isError) else {
                let findings = DiagnosticRenderer.text(
                    CheckReport(diagnostics: outcome.diagnostics, fileCount: 1), files: [outcome.file])
                return try await refusedEdit(
                    request, goal: id, status: 422, message: findings + "nothing written", typed: typed,
                    version: version)
            }
            report(
                "\(request.client) POST \(request.path) "
                    + (outcome.written
                        ? "wrote \(outcome.file.path) (\(outcome.changed.joined(separator: ", ")))"
                        : "nothing to write"))
            return .redirect("/goals/\(id)?saved=" + (outcome.written ? "1" : "0"))
        } catch let conflict as GoalEdit.Conflict {
            let yours = typed.keys(differingFrom: conflict.current).filter {
                typed.texts[$0] != nil || typed.mappings[$0] != nil
            }
            let listed = yours.map { "\($0): \(typed.shown($0)) (the file now: \(conflict.current.shown($0)))" }
            let message =
                conflict.message
                + (listed.isEmpty
                    ? "." : ". What you typed, which the file does not say:\n" + listed.joined(separator: "\n"))
            return try await refusedEdit(request, goal: id, status: 409, message: message, typed: nil, version: nil)
        } catch let error as HTLError {
            return try await refusedEdit(
                request, goal: id, status: 422, message: error.message, typed: typed, version: version)
        } catch let refusal as AtomicFile.Refusal {
            // The file changed in the instant of the write, or is read-only: nothing written.
            return try await refusedEdit(
                request, goal: id, status: 409, message: refusal.message, typed: typed, version: version)
        }
    }

    /// The goal's page again with the edit form open and the refusal first;
    /// `typed` fills the form, which keeps the `version` it was drawn from
    /// (nil: the file's fields and version now).
    func refusedEdit(
        _ request: WebRequest, goal id: String, status: Int, message: String, typed: GoalFields?, version: String?
    ) async throws -> WebResponse {
        report("\(request.client) POST \(request.path) \(status) refused")
        var again = request
        again.path = "/goals/\(id)"
        return try await page(.goal(id), again, status: status) {
            $0.refusal = message
            $0.editOpen = true
            $0.editVersion = typed == nil ? nil : version
            if let typed, var fields = $0.goalFields {
                for key in GoalFields.textKeys { fields.texts[key] = typed.texts[key] ?? fields.text(key) }
                for key in GoalFields.mappingKeys { fields.mappings[key] = typed.mappings[key] ?? fields.entries(key) }
                $0.goalFields = fields
            }
        }
    }

    /// The edit form's fields: each one-value field by its key; each
    /// mapping as rows `targets.key` / `targets.value`, a row with no value
    /// left out (clearing it removes the entry).
    static func goalFields(_ form: [(name: String, value: String)]) throws -> GoalFields {
        var fields = GoalFields()
        for key in GoalFields.textKeys {
            if let field = form.first(where: { $0.name == key }) { fields.texts[key] = field.value }
        }
        for key in GoalFields.mappingKeys {
            let keys = form.filter { $0.name == key + ".key" }.map { $0.value.trimmingSpaces }
            let values = form.filter { $0.name == key + ".value" }.map { $0.value.trimmingSpaces }
            guard !keys.isEmpty || !values.isEmpty else { continue }
            guard keys.count == values.count else { throw HTLError("the rows of \(key) do not pair up") }
            var entries: [GoalFields.Entry] = []
            for (name, value) in zip(keys, values) where !value.isEmpty {
                guard !name.isEmpty else { throw HTLError("\(key): \(value) needs a measure") }
                entries.append(GoalFields.Entry(name, value))
            }
            fields.mappings[key] = entries
        }
        return fields
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

}
