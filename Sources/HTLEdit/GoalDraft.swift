import HTLCheck
import HTLCore
import HTLLoad
import HTLModel
import HTLSystem

/// A new goal from its fields (the MCP tool `new_goal`): written in
/// canonical form, checked against the ledger like every writer's output,
/// with the goals whose titles are close to its own.
package struct GoalDraft: Sendable {
    package var title: String
    package var id: String?
    package var start: CivilDate?
    package var target: CivilDate?
    package var importance: Int?
    package var urgency: Int?
    package var terms: [Int] = []
    package var targets: [(measure: String, amount: ExactDecimal)] = []
    package var values: [(value: String, strength: Int)] = []
    package var description = ""
    package var plan = ""

    package init(title: String) {
        self.title = title
    }

    package struct Made: Sendable {
        package var file: SourceFile
        /// Findings in the new file (errors mean it is not written).
        package var diagnostics: [Diagnostic]
        /// Goals already in the ledger with the same or a close title.
        package var similar: [Goal]
    }

    package func make(in loaded: LoadedLedger) throws -> Made {
        guard !title.trimmingSpaces.isEmpty else { throw HTLError("a goal needs a title") }
        try checkKeys()
        var ids = IDAllocator(taken: loaded.ledger.goals.map(\.id))
        let goalID: String
        if let wanted = id {
            guard Identifier.isValidEntityID(wanted) else {
                throw HTLError("'\(wanted)' is not a valid id: lowercase letters, digits and '-'")
            }
            guard !ids.isTaken(wanted) else { throw HTLError("a goal with id '\(wanted)' already exists") }
            goalID = wanted
        } else {
            goalID = ids.id(for: title, fallback: "goal")
        }
        let file = SourceFile(path: "\(LedgerLayout.goalsFolder)/\(goalID).md", text: text().render())
        let slug = GoalDraft.letters(title)
        return Made(
            file: file, diagnostics: ProposedChange.diagnostics(in: file, replacing: loaded),
            similar: loaded.ledger.goals.filter { GoalDraft.isClose(letters: GoalDraft.letters($0.title), slug) })
    }

    /// Each key of `targets` and `values` has the shape of what it names (`GoalKeys`).
    func checkKeys() throws {
        for target in targets { try GoalKeys.check(target.measure, in: "targets") }
        for value in values { try GoalKeys.check(value.value, in: "values") }
    }

    private func text() -> EntityText {
        var text = EntityText()
        text.text("title", title)
        text.plain("importance", importance)
        text.plain("urgency", urgency)
        text.plain("start", start)
        text.plain("target", target)
        if !terms.isEmpty {
            text.plain("term", terms.count == 1 ? "\(terms[0])" : "[\(terms.map(String.init).joined(separator: ", "))]")
        }
        text.mapping("targets", targets.map { ($0.measure, $0.amount.description) })
        text.mapping("values", values.map { ($0.value, "\($0.strength)") })
        text.section(nil, description)
        text.section("Action plan", plan)
        return text
    }

    /// A title's letters and digits as compared: its id without the hyphens.
    static func letters(_ title: String) -> String {
        IDAllocator.slug(title)?.replacingAll("-", "") ?? ""
    }

    /// Two titles, as their `letters`, are the same words, ignoring case and
    /// punctuation, or one edit apart per eight letters: "Run 100 km" and
    /// "run 100km!" are the same goal.
    static func isClose(letters x: String, _ y: String) -> Bool {
        guard !x.isEmpty, !y.isEmpty else { return false }
        if x == y { return true }
        return Suggestion.editDistance(Array(x.unicodeScalars), Array(y.unicodeScalars)) <= max(x.count, y.count) / 8
    }
}

extension GoalDraft {
    /// The new goal made against the ledger and, unless it has errors or
    /// this is a dry run, created, under the writer lock.
    package func create(dryRun: Bool, ledger request: LoadRequest, waiting: WriterLock.Waiting) throws -> Made {
        if dryRun { return try make(in: try LedgerLoader.load(request)) }
        return try LedgerWriter.change(request, waiting: waiting) { loaded, lock in
            let made = try make(in: loaded)
            if !made.diagnostics.contains(where: \.isError) {
                try AtomicFile.create(made.file.path, under: lock, bytes: made.file.bytes)
            }
            return made
        }
    }
}
