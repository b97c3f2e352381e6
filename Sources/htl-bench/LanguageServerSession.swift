import Glibc

// Driving `htl lsp` as an editor does, for the keystroke timings.

/// Drives `htl lsp` on `ledger`: opens its log, then types `edits` lines one
/// change at a time, timing each change until its diagnostics arrive, and
/// one completion request per change. Returns (median change ms, median
/// completion ms, peak RSS KB of the server at the first and the last tenth).
func languageServerSession(htl: String, _ ledger: String, edits: Int) -> (
    change: Double, completion: Double, rssStart: Int, rssEnd: Int
) {
    var toServer: [Int32] = [0, 0]
    var fromServer: [Int32] = [0, 0]
    pipe(&toServer)
    pipe(&fromServer)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, toServer[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromServer[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments = [htl, "lsp", "--today", "2026-11-22"]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var pid: pid_t = 0
    guard posix_spawn(&pid, htl, &actions, nil, &argv, environ) == 0 else { fail("cannot run htl lsp") }
    close(toServer[0])
    close(fromServer[1])
    var reader = FramedReader(fd: fromServer[0])
    func send(_ body: String) {
        let framed = Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        _ = framed.withUnsafeBufferPointer { write(toServer[1], $0.baseAddress, $0.count) }
    }
    let root = ledger.hasPrefix("/") ? ledger : String(cString: getcwd(nil, 0)) + "/" + ledger
    let uri = "file://" + root + "/log/2026.log"
    send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file://\#(root)","capabilities":{}}}"#)
    reader.until { $0.contains(#""id":1"#) }
    guard let f = fopen(root + "/log/2026.log", "r") else { fail("cannot read the log") }
    var text: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n <= 0 { break }
        text += chunk[0..<n]
    }
    fclose(f)
    let lines = text.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    let escaped = String(decoding: text, as: UTF8.self).replacingEvery("\\", "\\\\").replacingEvery("\"", "\\\"")
        .replacingEvery("\n", "\\n")
    send(
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":"#
            + #"{"uri":"\#(uri)","languageId":"htl","version":1,"text":"\#(escaped)"}}}"#
    )
    reader.until { $0.contains(#""version":1"#) }
    var changes: [Double] = []
    var completions: [Double] = []
    var rssStart = 0
    for k in 0..<edits {
        let line = lines + k
        let start = now()
        let range = #"{"start":{"line":\#(line),"character":0},"end":{"line":\#(line),"character":0}}"#
        send(
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","#
                + #""version":\#(k + 2)},"contentChanges":[{"range":\#(range),"#
                + #""text":"2026-11-22 Edit \#(k) 1km +g00001\n"}]}}"#
        )
        reader.until { $0.contains(#""version":\#(k + 2),"#) }
        changes.append(now() - start)
        let asked = now()
        send(
            #"{"jsonrpc":"2.0","id":\#(k + 10),"method":"textDocument/completion","params":"#
                + #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":23}}}"#
        )
        reader.until { $0.contains(#""id":\#(k + 10),"#) }
        completions.append(now() - asked)
        if k == edits / 10 { rssStart = residentKilobytes(pid) }
    }
    let rssEnd = residentKilobytes(pid)
    send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
    send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(toServer[1])
    close(fromServer[0])
    return (changes.sorted()[changes.count / 2], completions.sorted()[completions.count / 2], rssStart, rssEnd)
}

/// The resident set of a running process, from /proc.
func residentKilobytes(_ pid: pid_t) -> Int {
    guard let f = fopen("/proc/\(pid)/status", "r") else { return 0 }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, f) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmRSS:") { return Int(text.split(separator: " ").dropFirst().first ?? "0") ?? 0 }
    }
    return 0
}

/// Reads framed messages from a pipe.
struct FramedReader {
    let fd: Int32
    var buffer: [UInt8] = []

    /// Reads messages until one satisfies `done`.
    mutating func until(_ done: (String) -> Bool) {
        while true {
            while let body = next() {
                if done(body) { return }
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { fail("htl lsp stopped answering") }
            buffer += chunk[0..<n]
        }
    }

    mutating func next() -> String? {
        guard
            let end = (0..<max(buffer.count - 3, 0)).first(where: {
                buffer[$0] == 13 && buffer[$0 + 1] == 10 && buffer[$0 + 2] == 13 && buffer[$0 + 3] == 10
            })
        else { return nil }
        let header = String(decoding: buffer[0..<end], as: UTF8.self)
        guard let length = Int(header.split(separator: ":").last?.split(separator: " ").last ?? "") else {
            fail("bad header from htl lsp")
        }
        guard buffer.count >= end + 4 + length else { return nil }
        let body = String(decoding: buffer[(end + 4)..<(end + 4 + length)], as: UTF8.self)
        buffer.removeFirst(end + 4 + length)
        return body
    }
}

extension String {
    func replacingEvery(_ target: String, _ replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
