import HTLCore
import HTLFormat
import HTLJSON
import HTLRender

/// `textDocument/formatting`: fmt's canonical form as one edit of the
/// whole buffer (the server never writes a file). A file fmt refuses (it
/// has errors) gets no edit; a canonical one an empty list.
enum FormattingProvider {
    static func format(_ context: RequestContext) -> JSON {
        guard let path = context.path, let bytes = context.bytes,
            let formatted = Formatter.canonical(SourceFile(path: path, bytes: bytes))
        else { return .array([]) }
        guard formatted != bytes else { return .array([]) }
        let positions = TextPositions(bytes)
        return .array([
            .object([
                ("range", LSPMessage.range((0, 0), positions.end)),
                ("newText", .string(String(decoding: formatted, as: UTF8.self))),
            ])
        ])
    }
}
