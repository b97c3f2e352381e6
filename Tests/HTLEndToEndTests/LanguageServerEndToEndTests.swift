import Foundation
import HTLKit
import HTLTestSupport
import Testing

/// `htl lsp` as editors run it: the built binary on standard input and
/// output, driven by a JSON-RPC client, then by Neovim's own LSP client.
@Suite struct LanguageServerEndToEndTests {
    static let example = Paths.root.appendingPathComponent("goals-example").path

    static func frame(_ body: String) -> String {
        "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    }

    /// The framed messages in `output`, parsed.
    static func messages(_ output: String) throws -> [JSON] {
        var framer = MessageFramer()
        framer.append(Array(output.utf8))
        var result: [JSON] = []
        while let body = try framer.next() { result.append(try JSONParser.parse(body)) }
        return result
    }

    @Test func aWholeSessionThroughTheBinary() throws {
        let ledger = try TemporaryLedger(SampleLedger.files)
        defer { ledger.remove() }
        let log = FileURI.uri(ledger.root + "/log/2026.log")
        let session = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(FileURI.uri(ledger.root))","capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(log)","languageId":"htl","version":1,"text":"2026-11-03 Run 5km +run\n"}}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(log)","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":0}},"text":"2026-11-04 Run 6kms +ru\n"}]}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":{"textDocument":{"uri":"\#(log)"},"position":{"line":1,"character":23}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(log)"},"position":{"line":0,"character":20}}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"textDocument/definition","params":{"textDocument":{"uri":"\#(log)"},"position":{"line":0,"character":20}}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"textDocument/formatting","params":{"textDocument":{"uri":"\#(log)"},"options":{"tabSize":2,"insertSpaces":true}}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"\#(log)"},"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":0}},"context":{"diagnostics":[]}}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ].map(Self.frame).joined()
        let result = try HTLBinary.run(["lsp", "--today", "2026-11-22"], stdin: session)
        #expect(result.status == 0, "\(result.stderr)")
        let messages = try Self.messages(result.stdout)
        let responses = Dictionary(
            messages.compactMap { m in m["id"]?.int.map { ($0, m) } }, uniquingKeysWith: { a, _ in a })
        #expect(responses.keys.sorted() == [1, 2, 3, 4, 5, 6, 7])
        // The session is written in one go (less than a pipe's atomic 4 KiB), so it is
        // read at once: the open and the change are checked together, once.
        #expect(session.utf8.count < 4096)
        let published = messages.filter { $0["method"]?.string == "textDocument/publishDiagnostics" }
        #expect(published.count == 1)
        #expect(
            published.last?["params"]?["diagnostics"]?.array?.compactMap { $0["code"]?.string } == [
                "unknown-unit", "unknown-goal",
            ])
        #expect(responses[2]?["result"]?.array?.compactMap { $0["label"]?.string } == ["run"])
        #expect(responses[3]?["result"]?["contents"]?["value"]?.string?.hasPrefix("**Run 100 km** (`run`)") == true)
        #expect(responses[4]?["result"]?["uri"]?.string == FileURI.uri(ledger.root + "/goals/run.md"))
        #expect(responses[5]?["result"]?.array?.isEmpty == true)  // the log is canonical already
        #expect(
            responses[6]?["result"]?.array?.compactMap { $0["title"]?.string } == ["Change to 'km'", "Change to 'run'"])
        #expect(responses[7]?["result"] == .null)
        // Nothing was written: the server never touches a file.
        #expect(try ledger.read("log/2026.log") == SampleLedger.files["log/2026.log"])
    }

    @Test func garbageAndAVanishingClientNeverCrashIt() throws {
        // Bad JSON, then a body cut short by the end of input: an error answer, then a clean stop.
        let input =
            Self.frame("{oops") + Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)
            + "Content-Length: 50\r\n\r\n{\"jsonrpc\""
        let result = try HTLBinary.run(["lsp"], stdin: input)
        #expect(result.status == 0)
        let messages = try Self.messages(result.stdout)
        #expect(messages.first?["error"]?["code"]?.int == -32700)
        #expect(messages.count == 2)
        // A header the stream cannot recover from: a message on stderr, exit 1.
        let broken = try HTLBinary.run(["lsp"], stdin: "Content-Type: x\r\n\r\n{}")
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("htl lsp: unreadable message header"))
    }

    /// Neovim (Debian's, installed by `make test`) with its built-in LSP
    /// client on goals-example: a typed unknown unit is diagnosed, and
    /// completion after "+run" offers the running goals.
    @Test func neovimSeesDiagnosticsAndCompletions() throws {
        let nvim = try #require(
            ["/usr/bin/nvim", "/usr/local/bin/nvim"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "Neovim is not installed: run `make test-deps`")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("htl-nvim-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let script = Paths.root.appendingPathComponent("Fixtures/clients/nvim_lsp.lua").path
        let result = try Command.run(
            "/usr/bin/timeout", ["60", nvim, "--headless", "--clean", "-n", "-c", "luafile \(script)"],
            environment: ["HTL": HTLBinary.path, "LEDGER": Self.example, "OUT": out])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try String(contentsOfFile: out, encoding: .utf8)
        #expect(
            report == """
                diagnostic 187:22 htl: unknown unit 'kms' (did you mean 'km'?)
                completion run-100km (Run 100 kilometres this term)
                completion run-autumn-10k (Train for and run the Autumn 10K)

                """)
    }
}
