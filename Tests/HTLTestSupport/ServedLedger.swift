import Foundation
import Synchronization

/// `htl serve` on a ledger, on a free port, for end-to-end tests: started
/// with `--port 0`, its URL and API token read from the first lines it
/// prints, driven with curl (a real HTTP client), stopped with SIGINT.
///
/// Sendable by hand (`@unchecked`): `Process` and `Pipe` are not marked
/// Sendable, but this class only reads them after `init`; its one mutable
/// state (stderr as drained, the answer of `stop`) sits behind a `Mutex`.
public final class ServedLedger: @unchecked Sendable {
    public let url: String
    public let port: Int
    public let token: String
    /// What the server printed on stdout before serving.
    public let banner: [String]
    let process: Process
    /// stderr, drained as it comes (a full pipe would stall the server) and handed over on `stop`.
    let drained = DispatchSemaphore(value: 0)
    let errors = Pipe()
    let stderrData = Mutex(Data())

    public struct Reply: Sendable {
        public var status: Int
        public var headers: [(name: String, value: String)]
        public var body: String

        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    public init(_ root: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: HTLBinary.path)
        process.arguments = ["serve", "-C", root, "--port", "0", "--today", "2026-11-22"] + arguments
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HTL_") }
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errors
        try process.run()
        // The banner ends with the API token's line; reading blocks until the server is listening.
        var text = ""
        while !text.contains("API token") || !text.hasSuffix("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        banner = text.split(separator: "\n").map(String.init)
        let first = banner.first ?? ""
        url = first.range(of: " at ").map { String(first[$0.upperBound...]) }?.components(separatedBy: "?").first ?? ""
        port = Int(url.split(separator: ":").last?.split(separator: "/").first ?? "") ?? 0
        token = banner.first { $0.hasPrefix("API token") }?.components(separatedBy: ": ").last ?? ""
        DispatchQueue.global().async {
            let data = self.errors.fileHandleForReading.readDataToEndOfFile()
            self.stderrData.withLock { $0 = data }
            self.drained.signal()
        }
    }

    /// One request with curl; `path` is sent as written (`--path-as-is`).
    public func request(
        _ method: String = "GET", _ path: String, headers: [String] = [], body: String? = nil,
        bodyFile: String? = nil, cookies: String? = nil, host: String? = nil
    ) throws -> Reply {
        var arguments = ["-s", "-i", "--path-as-is", "-X", method]
        for h in headers { arguments += ["-H", h] }
        if let host { arguments += ["-H", "Host: \(host)"] }
        if let body { arguments += ["--data-binary", body] }
        if let bodyFile { arguments += ["--data-binary", "@" + bodyFile] }
        if let cookies { arguments += ["-b", cookies, "-c", cookies] }
        arguments.append("http://127.0.0.1:\(port)" + path)
        let result = try Command.run("curl", arguments)
        return Self.parse(result.stdout)
    }

    static func parse(_ raw: String) -> Reply {
        let parts = raw.components(separatedBy: "\r\n\r\n")
        let head = parts.first?.components(separatedBy: "\r\n") ?? []
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
                String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            )
        }
        return Reply(status: status, headers: headers, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// Ctrl-C: the server stops; returns its exit status and stderr.
    /// Stopping again gives the same answer.
    public func stop() -> (status: Int32, stderr: String) {
        if let answer = stopped.withLock({ $0 }) { return answer }
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
        process.waitUntilExit()
        drained.wait()
        let answer = (process.terminationStatus, String(decoding: stderrData.withLock { $0 }, as: UTF8.self))
        stopped.withLock { $0 = answer }
        return answer
    }

    let stopped = Mutex<(status: Int32, stderr: String)?>(nil)

    public var isRunning: Bool { process.isRunning }

    public struct ServeFailure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
