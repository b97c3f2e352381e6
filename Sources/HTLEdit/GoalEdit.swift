import HTLCheck
import HTLCore
import HTLFormat
import HTLLoad
import HTLModel
import HTLSystem

/// Editing a goal's fields from a form (`htl serve`'s goal page): the
/// fields that changed are rewritten in the file and the file is left in
/// canonical form with every comment kept (`FrontMatterEdit`), checked
/// against the ledger like every writer's output, under the writer lock.
/// The form carries the version of the file it was drawn from; when the
/// file on disk is no longer that version (an editor saved it meanwhile),
/// nothing is written and the editor's text stands.
public enum GoalEdit {
    /// The goal's fields as its file writes them and the file's version: what the form shows and carries.
    public static func form(for goal: Goal, in loaded: LoadedLedger) -> (fields: GoalFields, version: String)? {
        guard let file = loaded.parsed.file(at: goal.path) else { return nil }
        return (fields(of: file.bytes), ContentVersion.of(file.bytes))
    }

    /// The fields as the form shows them: each as its file writes it, on
    /// one line (`oneLine`: a folded title's line breaks as spaces, no
    /// control characters), so that what a browser sends back unchanged
    /// is the same text. A key the form cannot show (a list where a number
    /// goes, a scalar where a mapping goes) is empty.
    public static func fields(of bytes: [UInt8]) -> GoalFields {
        let written = FrontMatterEdit.fields(of: bytes) ?? [:]
        var fields = GoalFields()
        for key in GoalFields.textKeys {
            if case .scalar(let text)? = written[key] {
                fields.texts[key] = oneLine(text)
            } else {
                fields.texts[key] = ""
            }
        }
        for key in GoalFields.mappingKeys {
            if case .mapping(let pairs)? = written[key] {
                fields.mappings[key] = pairs.map { GoalFields.Entry(oneLine($0.key), oneLine($0.value)) }
            } else {
                fields.mappings[key] = []
            }
        }
        return fields
    }

    /// The file changed on disk since the form was drawn; nothing was written.
    public struct Conflict: Error, Sendable {
        public var message: String
        /// The file's fields now.
        public var current: GoalFields
    }

    public struct Outcome: Sendable {
        /// The file as the edit would leave it.
        public var file: SourceFile
        /// Its findings, those it had already included; with an error nothing was written.
        public var diagnostics: [Diagnostic]
        /// The fields whose lines changed.
        public var changed: [String]
        public var written: Bool
    }

    /// The goal's file with `fields` set, written unless it has an error or
    /// nothing changed. Throws `Conflict` when the file is not `version`.
    public static func apply(
        _ fields: GoalFields, goal id: String, version: String, ledger request: LoadRequest,
        waiting: WriterLock.Waiting
    ) throws -> Outcome {
        try LedgerWriter.change(request, waiting: waiting) { loaded, lock in
            guard let goal = loaded.ledger.goal(id), let file = loaded.parsed.file(at: goal.path) else {
                throw HTLError("no goal '\(id)'")
            }
            guard ContentVersion.of(file.bytes) == version else {
                throw Conflict(
                    message: "\(goal.path) changed on disk since this form was drawn (saved in an editor?); "
                        + "nothing was written",
                    current: Self.fields(of: file.bytes))
            }
            let shown = Self.fields(of: file.bytes)
            let updated = try FrontMatterEdit.setting(try changes(fields, shown: shown), in: file)
            let proposed = SourceFile(path: goal.path, bytes: updated)
            let diagnostics = ProposedChange.everyDiagnostic(in: proposed, replacing: loaded)
            let changed = shown.keys(differingFrom: Self.fields(of: updated))
            let write = updated != file.bytes && !diagnostics.contains(where: \.isError)
            if write { try AtomicFile.replace(goal.path, under: lock, original: file.bytes, with: updated) }
            return Outcome(file: proposed, diagnostics: diagnostics, changed: changed, written: write)
        }
    }

    /// The form's fields as changes of the front matter, against the
    /// fields as the form showed them (`shown`): a field sent back as shown
    /// is no change (a folded title stays folded), nor is one the form did
    /// not send, or one it showed empty although the file has it (a shape
    /// the form cannot show); an empty field removes its key.
    static func changes(_ fields: GoalFields, shown: GoalFields) throws -> [(
        key: String, value: FrontMatterEdit.Value?
    )] {
        var changes: [(key: String, value: FrontMatterEdit.Value?)] = []
        for key in GoalFields.textKeys {
            guard let text = fields.texts[key] else { continue }
            let clean = oneLine(text)
            guard clean != shown.text(key) else { continue }
            if key == "title", clean.isEmpty { throw HTLError("a goal needs a title") }
            changes.append((key, clean.isEmpty ? nil : .scalar(clean)))
        }
        for key in GoalFields.mappingKeys {
            guard let entries = fields.mappings[key] else { continue }
            let clean = entries.map { GoalFields.Entry(oneLine($0.key), oneLine($0.value)) }
            guard clean != shown.entries(key) else { continue }
            for entry in clean { try GoalKeys.check(entry.key, in: key) }
            changes.append((key, clean.isEmpty ? nil : .mapping(clean)))
        }
        return changes
    }

    /// A field's text on one line: line breaks as spaces, no control characters, no blanks around it.
    static func oneLine(_ text: String) -> String {
        EntityText.paragraph(text).replacingAll("\n", " ").trimmingSpaces
    }
}
