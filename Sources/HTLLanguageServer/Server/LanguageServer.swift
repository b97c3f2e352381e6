import HTLCheck
import HTLCore
import HTLJSON
import HTLLoad
import HTLModel
import HTLParse
import HTLProgress
import HTLRender
import HTLSystem

/// `htl lsp`: the Language Server Protocol 3.17 over one ledger. A pure
/// state machine: the command line reads framed messages from standard
/// input, gives each body here with the time it arrived, and writes what
/// comes back. Nothing here prints, exits or reads the clock.
public struct LanguageServer {
    /// What the command line should do after a message.
    public enum Lifecycle: Equatable {
        case running
        /// `exit` arrived: stop with this status (0 after `shutdown`, else 1).
        case stopped(Int32)
    }

    public private(set) var lifecycle = Lifecycle.running
    /// The folder the editor opened, or where `htl lsp` started.
    private let startFolder: String
    private var uris: LedgerURIs?
    private(set) var documents = OpenDocuments()
    private let cache = ParseCache(judge: Checker.judgeOnParse)
    private var initialized = false
    private var shutDown = false
    /// The latest load of the ledger with the open buffers laid over it.
    var loaded: LoadedLedger?
    /// Its progress, computed for the first request that shows it (a
    /// keystroke only checks: most are never followed by a hover).
    private var progress: ProgressReport?
    var now = Now.day(CivilDate(dayNumber: 0))
    /// The publication last sent for each path that had findings or is open
    /// (so that cleared ones are sent empty, and unchanged ones not again).
    private var published: [String: String] = [:]
    /// Document changes not yet checked, and the paths they touched.
    private var stale = false
    private var touched: Set<String> = []

    public init(startFolder: String) {
        self.startFolder = startFolder
    }

    /// The messages to send in answer to one message body (responses and
    /// notifications, in order).
    public mutating func handle(_ body: [UInt8], now: Now) -> [String] {
        handle(batch: [body], now: now)
    }

    /// The messages to send in answer to message bodies read together (all
    /// the editor had sent by the time the server was ready for more), in
    /// order. A run of document changes is applied one by one and checked
    /// once: before the next request, else at the end; so changes that
    /// queued while the ledger was checked cost one check, not one each.
    public mutating func handle(batch bodies: [[UInt8]], now: Now) -> [String] {
        self.now = now
        var out: [String] = []
        for body in bodies where lifecycle == .running {
            out += message(body)
        }
        return lifecycle == .running ? out + flush() : out
    }

    private mutating func message(_ body: [UInt8]) -> [String] {
        let message: JSON
        do {
            message = try JSONParser.parse(body)
        } catch {
            return unreadable(body, error)
        }
        return handle(message)
    }

    private mutating func handle(_ message: JSON) -> [String] {
        guard case .object = message, let method = message["method"]?.string else {
            // A response from the client (we send no requests) or garbage: nothing to say.
            if message["id"] != nil, message["method"] == nil { return [] }
            return [
                LSPMessage.error(id: message["id"] ?? .null, .invalidRequest, "not a JSON-RPC request or notification")
            ]
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else { return notification(method, params) }
        return request(id: id, method: method, params: params)
    }

    /// A message that is not JSON. Read again with unpaired surrogates
    /// replaced, it may still say what it was: an open or a change makes
    /// its document out of sync (its text is not what the editor holds), and
    /// anything else is handled as read. When it says nothing, every open
    /// document may have missed a change, so all are out of sync.
    private mutating func unreadable(_ body: [UInt8], _ error: JSONParser.Failure) -> [String] {
        let refusal = LSPMessage.error(id: .null, .parseError, "not JSON: \(error.message) at byte \(error.offset)")
        guard initialized, !shutDown, let uris else { return [refusal] }
        let reason = "a message from the editor was not valid JSON (\(error.message))"
        guard let message = try? JSONParser.parse(body, replacingUnpairedSurrogates: true), case .object = message,
            let method = message["method"]?.string
        else {
            let paths = documents.byPath.keys.sorted().filter { documents.outOfSync($0) == nil }
            for path in paths { documents.markOutOfSync(path, reason) }
            changed(paths)
            return [refusal] + outOfSyncNotices(paths)
        }
        guard method == "textDocument/didOpen" || method == "textDocument/didChange" else { return handle(message) }
        guard let uri = message["params"]?["textDocument"]?["uri"]?.string, let path = uris.path(uri) else {
            return [refusal]
        }
        if method == "textDocument/didOpen" {
            let text = message["params"]?["textDocument"]?["text"]?.string ?? ""
            documents.open(
                path, uri: uri, version: message["params"]?["textDocument"]?["version"]?.int ?? 0,
                bytes: Array(text.utf8), outOfSync: reason)
        } else {
            guard documents.outOfSync(path) == nil else { return [refusal] }
            documents.markOutOfSync(path, reason)
        }
        changed([path])
        return [refusal] + outOfSyncNotices([path])
    }

    /// One warning per document that has just gone out of sync.
    private func outOfSyncNotices(_ paths: [String]) -> [String] {
        paths.compactMap { path in
            documents.outOfSync(path).map { reason in
                LSPMessage.notification(
                    "window/showMessage",
                    .object([
                        ("type", .int(2)),
                        (
                            "message",
                            .string(
                                "htl: its copy of \(path) may differ from yours (\(reason)); "
                                    + "it will not format that file until you close and reopen it")
                        ),
                    ]))
            }
        }
    }

    private mutating func request(id: JSON, method: String, params: JSON) -> [String] {
        // A request is answered from the ledger as changed so far.
        let checked = flush()
        return checked + answerRequest(id: id, method: method, params: params)
    }

    private mutating func answerRequest(id: JSON, method: String, params: JSON) -> [String] {
        if method == "initialize" { return [initialize(id: id, params: params)] }
        guard initialized else { return [LSPMessage.error(id: id, .serverNotInitialized, "initialize first")] }
        if method == "shutdown" {
            shutDown = true
            return [LSPMessage.response(id: id, result: .null)]
        }
        guard !shutDown else { return [LSPMessage.error(id: id, .invalidRequest, "the server is shutting down")] }
        if method == "textDocument/hover" || method == "textDocument/references", progress == nil {
            progress = loaded?.progressReport()
        }
        // No edit is ever computed from a copy that may differ from the editor's.
        if let path = params["textDocument"]?["uri"]?.string.flatMap({ uris?.path($0) }),
            let reason = documents.outOfSync(path)
        {
            switch method {
            case "textDocument/formatting":
                return [
                    LSPMessage.error(
                        id: id, .requestFailed,
                        "htl's copy of \(path) may differ from yours (\(reason)); close and reopen the file to format "
                            + "it"
                    )
                ]
            case "textDocument/codeAction", "textDocument/completion":
                return [LSPMessage.response(id: id, result: .array([]))]
            default:
                break
            }
        }
        guard let result = answer(method, params) else {
            return [LSPMessage.error(id: id, .methodNotFound, "htl lsp does not handle \(method)")]
        }
        return [LSPMessage.response(id: id, result: result)]
    }

    /// The result of a request, nil when the method is not handled.
    private func answer(_ method: String, _ params: JSON) -> JSON? {
        let context = RequestContext(
            params: params, uris: uris, documents: documents, loaded: loaded, progress: progress, now: now)
        switch method {
        case "textDocument/completion": return CompletionProvider.complete(context)
        case "textDocument/hover": return HoverProvider.hover(context)
        case "textDocument/definition": return NavigationProvider.definition(context)
        case "textDocument/references": return NavigationProvider.references(context)
        case "textDocument/formatting": return FormattingProvider.format(context)
        case "textDocument/codeAction": return CodeActionProvider.actions(context)
        case "textDocument/documentSymbol": return SymbolProvider.symbols(context)
        default: return nil
        }
    }

    private mutating func notification(_ method: String, _ params: JSON) -> [String] {
        switch method {
        case "initialized": return []
        case "exit":
            lifecycle = .stopped(shutDown ? 0 : 1)
            return []
        case "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/didSave":
            guard initialized, !shutDown else { return [] }
            return documentChanged(method, params)
        default:
            return []  // `$/` notifications and anything unknown are ignored, as LSP asks.
        }
    }

    private mutating func initialize(id: JSON, params: JSON) -> String {
        let folder =
            params["rootUri"]?.string.flatMap(FileURI.path)
            ?? params["workspaceFolders"]?.array?.first?["uri"]?.string.flatMap(FileURI.path)
            ?? params["rootPath"]?.string ?? startFolder
        if let found = try? LedgerDirectory.findRoot(from: folder), let root = try? LedgerRoot(found) {
            uris = LedgerURIs(root: root)
        }
        initialized = true
        return LSPMessage.response(id: id, result: ServerCapabilities.initializeResult)
    }

    /// Applies an open, change, close or save, then checks the ledger again
    /// and publishes what changed.
    private mutating func documentChanged(_ method: String, _ params: JSON) -> [String] {
        guard let uri = params["textDocument"]?["uri"]?.string else { return [] }
        if uris == nil, let file = FileURI.path(uri),
            let found = try? LedgerDirectory.findRoot(from: FileSystemPath.folder(of: file)),
            let root = try? LedgerRoot(found)
        {
            uris = LedgerURIs(root: root)
        }
        guard let uris, let path = uris.path(uri) else { return [] }
        let version = params["textDocument"]?["version"]?.int ?? 0
        switch method {
        case "textDocument/didOpen":
            guard let text = params["textDocument"]?["text"]?.string else { return [] }
            documents.open(path, uri: uri, version: version, bytes: Array(text.utf8))
        case "textDocument/didChange":
            guard let bytes = documents.bytes(path) else { return [] }
            let before = documents.outOfSync(path)
            let changed = DocumentEdits.apply(params["contentChanges"]?.array ?? [.null], to: bytes, outOfSync: before)
            documents.change(path, version: version, bytes: changed.bytes, outOfSync: changed.outOfSync)
            if before == nil, changed.outOfSync != nil {
                self.changed([path])
                return outOfSyncNotices([path])
            }
        case "textDocument/didClose":
            documents.close(path)
        default:
            break
        }
        changed([path])
        return []
    }

    /// Documents changed: the ledger is checked again before it is next read.
    private mutating func changed(_ paths: [String]) {
        stale = true
        touched.formUnion(paths)
    }

    /// Checks the ledger again when documents changed since it last was.
    private mutating func flush() -> [String] {
        guard stale else { return [] }
        stale = false
        defer { touched = [] }
        return reload()
    }

    /// Loads the ledger with the open buffers over the files on disk, and
    /// publishes diagnostics for every file whose findings may have changed.
    private mutating func reload() -> [String] {
        guard let uris else { return [] }
        var request = LoadRequest(root: uris.root, now: now)
        request.overrides = documents.overrides
        request.cache = cache
        request.formatting = true
        guard let loaded = try? LedgerLoader.load(request) else { return [] }
        self.loaded = loaded
        progress = nil
        let (messages, sent) = DiagnosticPublisher.publish(
            loaded, uris: uris, documents: documents, previously: published, touched: touched)
        published = sent
        return messages
    }
}

/// The folder of a path.
enum FileSystemPath {
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
