import HTLJSON
import HTLRender

/// What `htl lsp` tells the editor it can do (LSP 3.17 `initialize`).
enum ServerCapabilities {
    static let initializeResult = JSON.object([
        (
            "capabilities",
            .object([
                // 2: incremental changes, so a keystroke in a long log sends one range.
                (
                    "textDocumentSync",
                    .object([("openClose", .bool(true)), ("change", .int(2)), ("save", .bool(true))])
                ),
                (
                    "completionProvider",
                    .object([("triggerCharacters", .array(["+", "#", ":", " "].map(JSON.string)))])
                ),
                ("hoverProvider", .bool(true)),
                ("definitionProvider", .bool(true)),
                ("referencesProvider", .bool(true)),
                ("documentFormattingProvider", .bool(true)),
                ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
                ("documentSymbolProvider", .bool(true)),
                ("positionEncoding", .string("utf-16")),
            ])
        ),
        ("serverInfo", .object([("name", .string("htl"))])),
    ])
}
