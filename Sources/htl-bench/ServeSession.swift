import Glibc

// Driving `htl serve` as a browser and a script do, for the server's timings.

/// Starts `htl serve` on a copy of `ledger`, then times `requests` dashboard
/// responses and `writes` API log writes, each on a new connection, and
/// reads the server's resident memory after a tenth of the requests and
/// after all of them (before the writes, which load the ledger again). Returns medians in seconds and memory in KB.
func serveSession(htl: String, _ ledger: String, work: String, requests: Int, writes: Int) -> (
    dashboard: Double, log: Double, rssEarly: Int, rssEnd: Int
) {
    let copy = work + "/served-" + (ledger.split(separator: "/").last.map(String.init) ?? "ledger")
    _ = run(["/bin/rm", "-rf", copy])
    _ = run(["/bin/cp", "-r", ledger, copy])
    var fromServer: [Int32] = [0, 0]
    pipe(&fromServer)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, fromServer[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments = [htl, "serve", "-C", copy, "--port", "0", "--today", "2026-11-22"]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var pid: pid_t = 0
    guard posix_spawn(&pid, htl, &actions, nil, &argv, environ) == 0 else { fail("cannot run htl serve") }
    close(fromServer[1])
    var banner = ""
    var chunk = [UInt8](repeating: 0, count: 4096)
    while !banner.contains("API token") || !banner.hasSuffix("\n") {
        let n = read(fromServer[0], &chunk, chunk.count)
        if n <= 0 { fail("htl serve printed no banner: \(banner)") }
        banner += String(decoding: chunk[0..<n], as: UTF8.self)
    }
    let port = Int(banner.split(separator: ":")[2].prefix { $0 >= "0" && $0 <= "9" }) ?? 0
    let token = banner.split(separator: "\n").first { $0.hasPrefix("API token") }?.split(separator: " ").last ?? ""
    let get = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
    for _ in 0..<5 { _ = exchange(port, get) }
    var pages: [Double] = []
    var rssEarly = 0
    for i in 0..<requests {
        let start = now()
        guard exchange(port, get).hasPrefix("HTTP/1.1 200") else { fail("the dashboard did not answer 200") }
        pages.append(now() - start)
        if i == requests / 10 { rssEarly = residentKilobytes(pid) }
    }
    let rssEnd = residentKilobytes(pid)
    var logs: [Double] = []
    for i in 0..<writes {
        let body = #"{"line": "Bench note \#(i + 1)min #bench"}"#
        let post =
            "POST /api/log HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        let start = now()
        guard exchange(port, post).hasPrefix("HTTP/1.1 201") else { fail("a log write did not answer 201") }
        logs.append(now() - start)
    }
    kill(pid, SIGINT)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(fromServer[0])
    return (median(pages), median(logs), rssEarly, rssEnd)
}

/// One request on a new connection to a local port; the whole answer.
func exchange(_ port: Int, _ request: String) -> String {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else { return "" }
    let bytes = Array(request.utf8)
    _ = bytes.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var answer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = recv(fd, &chunk, chunk.count, 0)
        if n <= 0 { break }
        answer += chunk[0..<n]
    }
    return String(decoding: answer, as: UTF8.self)
}
