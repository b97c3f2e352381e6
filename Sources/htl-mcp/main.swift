// htl-mcp: the MCP server, a binary of its own so that htl itself never
// loads Foundation (the MCP Swift SDK needs it) and starts fast. `htl mcp`
// checks its options, then runs this with:
//   htl-mcp --root DIR --version V [--today YYYY-MM-DD] [--allow-writes]
import Glibc
import HTLClock
import HTLCore
import HTLMCP
import HTLModel
import HTLSystem

func fail(_ message: String) -> Never {
    var text = "htl mcp: \(message)\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
}

var root: String?
var today: CivilDate?
var allowWrites = false
var version = "unknown"
var arguments = CommandLine.arguments.dropFirst()
while let word = arguments.popFirst() {
    switch word {
    case "--root": root = arguments.popFirst()
    case "--today":
        guard let text = arguments.popFirst(), let day = CivilDate.parse(text) else { fail("--today takes YYYY-MM-DD") }
        today = day
    case "--allow-writes": allowWrites = true
    case "--version": version = arguments.popFirst() ?? version
    default: fail("unknown argument '\(word)' (run it as htl mcp)")
    }
}
guard let root else { fail("--root DIR is required (run it as htl mcp)") }
let ledger: LedgerRoot
do { ledger = try LedgerRoot(root) } catch { fail("\(error)") }
signal(SIGPIPE, SIG_IGN)
let pinned = today
let session = MCPSession(root: ledger, now: { pinned.map(Now.day) ?? Clock.now() }, allowWrites: allowWrites)
do {
    try await MCPServer.run(session, version: version)
} catch {
    fail("\(error)")
}
exit(0)
