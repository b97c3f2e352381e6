import Glibc
import HTLCommandLine
import HTLKit

struct ServeCommand: HTLCommand {
    static let host = Option.value(
        "host", valueName: "addr",
        help: "The address to listen on (default 127.0.0.1; any other needs the printed token).")
    static let port = Option.value("port", valueName: "n", help: "The port (default 8080; 0 picks a free one).")
    static let readOnly = Option.flag("read-only", help: "Serve the pages and the API, and refuse every write.")

    static let spec = CommandSpec(
        "serve",
        abstract: "Serve the ledger as a small web app: dashboard, goals, values, terms, actions, a log form "
            + "and a JSON API.",
        discussion: """
            Every page is read from the ledger, which is loaded again when a file changes; every write is htl \
            log's checked, locked append. Listens on 127.0.0.1 unless --host says otherwise; then every request \
            needs the token in the printed URL. The first line printed is `Serving <title> at <URL>`. Ctrl-C \
            stops it. docs/SERVE.md has the set-up for a phone on a home network and the security model. The \
            server is the binary htl-serve installed next to htl.
            """,
        options: LedgerOptions.specs + [host.spec, port.spec, readOnly.spec])

    let options: LedgerOptions
    let host: String?
    let port: String?
    let readOnly: Bool

    init(_ parsed: inout ParsedCommand) {
        options = LedgerOptions(&parsed)
        host = parsed[Self.host]
        port = parsed[Self.port]
        readOnly = parsed[Self.readOnly]
    }

    func run() throws {
        let root = try options.root()
        var arguments = ["--root", root, "--version", HTL.version, "--host", try address()]
        if let port {
            guard let n = Int(port), (0...65535).contains(n) else {
                throw HTLError("--port takes a number from 0 to 65535, not '\(TerminalText.escaped(port))'")
            }
            arguments += ["--port", String(n)]
        }
        if options.today != nil || !(FileSystem.environment("HTL_TODAY") ?? "").isEmpty {
            arguments += ["--today", try options.todayDate().description]
        }
        if readOnly { arguments.append("--read-only") }
        let server = try McpCommand.sibling("htl-serve", for: "htl serve")
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        throw HTLError("cannot start \(server): \(String(cString: strerror(errno)))")
    }

    /// An IPv4 or IPv6 address (a name would be resolved to who knows what).
    func address() throws -> String {
        let host = host ?? "127.0.0.1"
        let v4 = host.split(separator: ".", omittingEmptySubsequences: false)
        let isV4 = v4.count == 4 && v4.allSatisfy { UInt8($0) != nil && !$0.isEmpty }
        let isV6 = host.contains(":") && host.allSatisfy { $0.isHexDigit || $0 == ":" }
        guard isV4 || isV6 || host == "localhost" else {
            throw HTLError(
                "--host takes an IP address (127.0.0.1, 0.0.0.0, 192.168.1.20, ::1), not '\(TerminalText.escaped(host))'"
            )
        }
        return host == "localhost" ? "127.0.0.1" : host
    }
}
