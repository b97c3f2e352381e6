import Foundation

/// A browser driven through the W3C WebDriver protocol: Debian's
/// chromedriver, started on a free port, steering headless Chromium in a
/// window of the size asked. Requests go through curl, as a client would.
///
/// Sendable by hand (`@unchecked`): every stored property is a constant set
/// in `init` (`Process` is not marked Sendable, and is only signalled after).
public final class WebDriver: @unchecked Sendable {
    let process: Process
    let base: String
    let session: String

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init(width: Int, height: Int) throws {
        let port = Int.random(in: 20_000..<60_000)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["chromedriver", "--port=\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // chromedriver buffers what it prints when that is not a terminal, so it is asked whether it is
        // ready (WebDriver's /status), until it answers: each refused connection fails at once.
        var ready = false
        for _ in 0..<2_000 where !ready {
            let status = try Command.run("curl", ["-s", "http://127.0.0.1:\(port)/status"])
            ready = status.stdout.contains("\"ready\":true")
        }
        guard ready else {
            kill(process.processIdentifier, SIGKILL)
            throw Failure(description: "chromedriver did not start on port \(port)")
        }
        base = "http://127.0.0.1:\(port)"
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "htl-webdriver-\(UUID().uuidString)")
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "goog:chromeOptions": [
                        "args": [
                            "--headless", "--no-sandbox", "--disable-gpu", "--window-size=\(width),\(height)",
                            "--user-data-dir=\(profile.path)",
                        ]
                    ]
                ]
            ]
        ]
        let made = try Self.call(base, "POST", "/session", capabilities)
        guard let value = made["value"] as? [String: Any], let id = value["sessionId"] as? String else {
            kill(process.processIdentifier, SIGKILL)
            throw Failure(description: "no WebDriver session: \(made)")
        }
        session = id
    }

    static func call(_ base: String, _ method: String, _ path: String, _ body: [String: Any]? = nil) throws
        -> [String: Any]
    {
        var arguments = ["-s", "-X", method, base + path, "-H", "Content-Type: application/json"]
        if let body {
            arguments += [
                "--data-binary", String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self),
            ]
        }
        let result = try Command.run("curl", arguments)
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    func command(_ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> Any? {
        try Self.call(base, method, "/session/\(session)" + path, body)["value"]
    }

    public func open(_ url: String) throws { _ = try command("POST", "/url", ["url": url]) }

    /// The element's WebDriver reference, found by CSS selector.
    public func element(_ css: String) throws -> String {
        let found = try command("POST", "/element", ["using": "css selector", "value": css]) as? [String: Any]
        guard let id = found?.values.first as? String else { throw Failure(description: "no element \(css)") }
        return id
    }

    public func type(_ text: String, into css: String) throws {
        _ = try command("POST", "/element/\(try element(css))/value", ["text": text])
    }

    public func click(_ css: String) throws { _ = try command("POST", "/element/\(try element(css))/click", [:]) }

    /// An input's current value.
    public func value(_ css: String) throws -> String {
        (try command("GET", "/element/\(try element(css))/property/value") as? String) ?? ""
    }

    /// How long finding an element waits for it to appear (the page's script may add it).
    public func waitForElements(milliseconds: Int) throws {
        _ = try command("POST", "/timeouts", ["implicit": milliseconds])
    }

    public func text(_ css: String) throws -> String {
        (try command("GET", "/element/\(try element(css))/text") as? String) ?? ""
    }

    public var url: String { get throws { (try command("GET", "/url") as? String) ?? "" } }

    public func quit() {
        _ = try? command("DELETE", "")
        // chromedriver outlives a SIGTERM while it tidies up; the browser is already gone.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
