// htl-serve: the web app, a binary of its own so that htl itself never
// loads SwiftNIO or Foundation. `htl serve` checks its options, then runs:
//   htl-serve --root DIR --host ADDR --port N --version V [--today YYYY-MM-DD] [--read-only]
// HTL_SERVE_TOKEN, when set (at least 32 characters), is the token instead of a new random one.
import Glibc
import HTLClock
import HTLCore
import HTLModel
import HTLServe
import HTLSystem

func fail(_ message: String) -> Never {
    var text = "htl serve: \(message)\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
}

func say(_ line: String, to fd: Int32 = 1) {
    var text = line + "\n"
    text.withUTF8 { _ = write(fd, $0.baseAddress, $0.count) }
}

var root: String?
var today: CivilDate?
var host = "127.0.0.1"
var port = 8080
var readOnly = false
var arguments = CommandLine.arguments.dropFirst()
while let word = arguments.popFirst() {
    switch word {
    case "--root": root = arguments.popFirst()
    case "--host": host = arguments.popFirst() ?? host
    case "--port":
        guard let text = arguments.popFirst(), let n = Int(text), (0...65535).contains(n) else {
            fail("--port takes a number from 0 to 65535")
        }
        port = n
    case "--today":
        guard let text = arguments.popFirst(), let day = CivilDate.parse(text) else { fail("--today takes YYYY-MM-DD") }
        today = day
    case "--read-only": readOnly = true
    case "--version": _ = arguments.popFirst()
    default: fail("unknown argument '\(word)' (run it as htl serve)")
    }
}
guard let root else { fail("--root DIR is required (run it as htl serve)") }
let ledger: LedgerRoot
do { ledger = try LedgerRoot(root) } catch { fail("\(error)") }
signal(SIGPIPE, SIG_IGN)

let token: String
if let fixed = FileSystem.environment("HTL_SERVE_TOKEN"), !fixed.isEmpty {
    guard fixed.utf8.count >= 32, fixed.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";") }) else {
        fail("HTL_SERVE_TOKEN must be at least 32 printable characters without spaces or ';'")
    }
    token = fixed
} else {
    do { token = try ServeSettings.secret() } catch { fail("\(error)") }
}
let csrf: String
do { csrf = try ServeSettings.secret() } catch { fail("\(error)") }
let pinned = today
let settings = ServeSettings(
    root: ledger, host: host, port: port, readOnly: readOnly, now: { pinned.map(Now.day) ?? Clock.now() },
    token: token, csrf: csrf)
let app = WebApp(settings: settings, report: { say("htl serve: " + $0, to: 2) })
let title = await app.title()
do {
    try await HTTPServer.run(app) { bound in
        let name = settings.host.contains(":") ? "[\(settings.host)]" : settings.host
        let url = "http://\(name):\(bound)/"
        if settings.isLoopback {
            say("Serving \(title) at \(url)")
        } else {
            say("Serving \(title) at \(url)?token=\(token)")
            // On a terminal, the same URL as a QR code, for the phone's camera.
            if isatty(1) == 1, let code = QRCode("\(url)?token=\(token)") {
                for line in code.terminalLines() { say(line) }
            }
        }
        if settings.readOnly { say("read-only: every write is refused") }
        say("API token (Authorization: Bearer): \(token)")
    }
} catch {
    fail("\(error)")
}
exit(0)
