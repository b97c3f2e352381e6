import HTLRender
/// `textDocument/didChange` content changes applied to a buffer: a change
/// with a range replaces that range (positions in UTF-16, clamped to the
/// text), one without replaces the whole text.
enum DocumentEdits {
    static func apply(_ changes: [JSON], to bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for change in changes {
            guard let text = change["text"]?.string else { continue }
            guard let range = change["range"], let start = range["start"], let end = range["end"] else {
                bytes = Array(text.utf8)
                continue
            }
            let positions = TextPositions(bytes)
            let from = positions.offset(line: start["line"]?.int ?? 0, character: start["character"]?.int ?? 0)
            let to = positions.offset(line: end["line"]?.int ?? 0, character: end["character"]?.int ?? 0)
            bytes.replaceSubrange(min(from, to)..<max(from, to), with: Array(text.utf8))
        }
        return bytes
    }
}
