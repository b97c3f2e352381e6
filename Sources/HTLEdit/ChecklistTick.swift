import HTLCheck
import HTLCore
import HTLLoad
import HTLModel
import HTLSystem

/// Ticking a goal's checklist item (`- [ ]` ↔ `- [x]`) from a form: the
/// one byte of the mark changes, every other byte of the file stays (its
/// comments, its order, its spacing). The form carries the version of the
/// file it was drawn from; when the file on disk is no longer that version
/// (an editor saved it meanwhile), nothing is written and the editor's text
/// stands.
public enum ChecklistTick {
    public struct Ticked: Sendable {
        public var path: String
        public var line: Int
        public var text: String
        public var done: Bool
    }

    public static func tick(
        goal id: String, line: Int, done: Bool, version: String, ledger request: LoadRequest,
        waiting: WriterLock.Waiting
    ) throws -> Ticked {
        try LedgerWriter.change(request, waiting: waiting) { loaded, lock in
            guard let goal = loaded.ledger.goals.first(where: { $0.id == id }),
                let file = loaded.parsed.file(at: goal.path)
            else { throw HTLError("no goal '\(id)'") }
            guard ContentVersion.of(file.bytes) == version else {
                throw HTLError(
                    "\(goal.path) changed on disk since this page was drawn (saved in an editor?); nothing was "
                        + "written: look at it again and tick once more")
            }
            guard let item = goal.checklist.first(where: { $0.line == line }) else {
                throw HTLError("line \(line) of \(goal.path) is not a checklist item")
            }
            let updated = try marked(file.bytes, line: line, done: done, path: goal.path)
            let errors = ProposedChange.diagnostics(
                in: SourceFile(path: goal.path, bytes: updated), replacing: loaded
            ).filter(\.isError)
            guard errors.isEmpty else {
                throw HTLError("the tick would leave \(goal.path) with an error; nothing written")
            }
            if updated != file.bytes {
                try AtomicFile.replace(goal.path, under: lock, original: file.bytes, with: updated)
            }
            return Ticked(path: goal.path, line: line, text: item.text, done: done)
        }
    }

    /// The file with the mark of the task item on `line` set: the first
    /// `[ ]`, `[x]` or `[X]` of that line.
    static func marked(_ bytes: [UInt8], line: Int, done: Bool, path: String) throws -> [UInt8] {
        var start = 0
        for _ in 1..<line {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else { break }
            start = newline + 1
        }
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        guard let open = bytes[start..<end].firstIndex(of: UInt8(ascii: "[")), open + 2 < end,
            bytes[open + 2] == UInt8(ascii: "]")
        else { throw HTLError("line \(line) of \(path) is not a checklist item") }
        var out = bytes
        out[open + 1] = done ? UInt8(ascii: "x") : UInt8(ascii: " ")
        return out
    }
}
