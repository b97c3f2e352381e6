import HTLJSON
import HTLRender

/// `textDocument/didChange` content changes applied to a buffer, in order:
/// a change with a range replaces that range (LSP positions: lines end at
/// LF, CR LF or CR; characters are UTF-16 units), one without replaces the
/// whole text. A change htl cannot apply exactly (no text, a range that is
/// not in its copy, an end before the start) is never guessed at: the copy
/// is out of sync from there until a change brings the whole text.
enum DocumentEdits {
    struct Result {
        var bytes: [UInt8]
        /// Why the copy may differ from the editor's; nil when it is the same.
        var outOfSync: String?
    }

    static func apply(_ changes: [JSON], to bytes: [UInt8], outOfSync: String?) -> Result {
        var result = Result(bytes: bytes, outOfSync: outOfSync)
        for change in changes {
            guard let text = change["text"]?.string else {
                result.outOfSync = "a change came without its text"
                continue
            }
            guard let range = change["range"] else {
                result = Result(bytes: Array(text.utf8), outOfSync: nil)
                continue
            }
            guard result.outOfSync == nil else { continue }
            let positions = TextPositions(result.bytes)
            guard let from = offset(range["start"], positions), let to = offset(range["end"], positions), from <= to
            else {
                result.outOfSync = "a change's range \(range.compact()) is not in htl's copy"
                continue
            }
            result.bytes.replaceSubrange(from..<to, with: Array(text.utf8))
        }
        return result
    }

    static func offset(_ position: JSON?, _ positions: TextPositions) -> Int? {
        guard let line = position?["line"]?.int, let character = position?["character"]?.int else { return nil }
        return positions.exactOffset(line: line, character: character)
    }
}
