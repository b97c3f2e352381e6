import Glibc
import HTLClock
import HTLCommandLine
import HTLKit

/// `htl lsp`: the language server on standard input and output.
struct LspCommand: HTLCommand {
    /// `-C` as the other commands take it, with its own help: the editor names the folder first.
    static let ledger = Option.value(
        "ledger", short: "C", valueName: "dir", help: "Where to look for the ledger when the editor names no folder.",
        completion: .directories)

    static let spec = CommandSpec(
        "lsp",
        abstract: "Run the language server (LSP over standard input and output) for editors.",
        discussion: """
            The ledger is the one holding the editor's workspace folder (or the first
            file it opens). docs/EDITORS.md shows the set-up for Neovim, Helix, VS Code,
            Emacs and Zed.
            """,
        options: [ledger.spec, LedgerOptions.today.spec])

    let ledger: String?
    let today: String?

    init(_ parsed: inout ParsedCommand) {
        ledger = parsed[Self.ledger]
        today = parsed[LedgerOptions.today]
    }

    func run() throws {
        var server = LanguageServer(startFolder: ledger ?? FileSystem.currentDirectory())
        var framer = MessageFramer()
        let fixed = try fixedToday()
        while true {
            guard let read = FileSystem.readOnce(0, count: Self.chunk) else {
                if errno == EINTR { continue }
                Output.exit(0)
            }
            guard !read.isEmpty else { Output.exit(0) }  // end of input: the editor is gone
            framer.append(read[...])
            // Everything the editor sent meanwhile is handled together: a run
            // of changes typed while the ledger was checked is checked once.
            let ended = Self.readWaiting(into: &framer)
            var bodies: [[UInt8]] = []
            var unreadable: MessageFramer.Failure?
            do {
                while let body = try framer.next() { bodies.append(body) }
            } catch {
                unreadable = error  // the messages before it are still answered
            }
            for message in server.handle(batch: bodies, now: fixed ?? Clock.now()) {
                guard Self.send(message) else { Output.exit(0) }
            }
            if case .stopped(let code) = server.lifecycle { Output.exit(code) }
            if let unreadable {
                Output.error("htl lsp: unreadable message header: \(unreadable); stopping")
                Output.exit(1)
            }
            if ended { Output.exit(0) }
        }
    }

    /// Reads what is already waiting on standard input (up to 16 MiB, the
    /// rest is read next round), without blocking; true when the input has ended.
    private static func readWaiting(into framer: inout MessageFramer) -> Bool {
        var total = 0
        while total < 16 << 20 {
            var ready = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
            let polled = poll(&ready, 1, 0)
            if polled < 0, errno == EINTR { continue }
            guard polled > 0 else { return false }
            guard let read = FileSystem.readOnce(0, count: chunk) else {
                if errno == EINTR { continue }
                return true
            }
            guard !read.isEmpty else { return true }
            framer.append(read[...])
            total += read.count
        }
        return false
    }

    private func fixedToday() throws -> Now? {
        guard let text = today ?? FileSystem.environment("HTL_TODAY").flatMap({ $0.isEmpty ? nil : $0 }) else {
            return nil
        }
        return .day(try LedgerOptions.date(text, option: today != nil ? "--today" : "HTL_TODAY"))
    }

    /// The most one read of standard input takes.
    static let chunk = 1 << 16

    /// Writes one framed message; false when the editor has gone away.
    private static func send(_ message: String) -> Bool {
        FileSystem.write(MessageFramer.frame(message), to: 1) == nil
    }
}
