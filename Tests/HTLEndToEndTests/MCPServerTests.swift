import Foundation
import HTLKit
import HTLTestSupport
import MCP
import SystemPackage
import Testing

/// `htl mcp` driven by a real client: the official Swift SDK's `Client`
/// over the server's standard input and output.
@Suite(.serialized) struct MCPServerTests {
    static let example = Paths.root.appendingPathComponent("goals-example").path
    static let today = ["--today", "2026-11-22"]

    /// A connected client and the server process behind it.
    struct Session {
        let client: Client
        let process: Process
        let input: FileHandle

        /// The client goes away; the server sees the end of its input and exits 0.
        func close() async {
            await client.disconnect()
            try? input.close()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }

        func call(_ name: String, _ arguments: [String: MCP.Value] = [:]) async throws -> (text: String, isError: Bool) {
            let result = try await client.callTool(name: name, arguments: arguments)
            let text = result.content.compactMap { content -> String? in
                if case .text(let text, _, _) = content { return text }
                return nil
            }.joined()
            return (text, result.isError ?? false)
        }
    }

    static func connect(_ arguments: [String]) async throws -> Session {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: HTLBinary.path)
        process.arguments = ["mcp"] + arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HTL_") }
        let toServer = Pipe(), fromServer = Pipe()
        process.standardInput = toServer
        process.standardOutput = fromServer
        process.standardError = FileHandle.nullDevice
        try process.run()
        let transport = StdioTransport(input: FileDescriptor(rawValue: fromServer.fileHandleForReading.fileDescriptor),
                                       output: FileDescriptor(rawValue: toServer.fileHandleForWriting.fileDescriptor))
        let client = Client(name: "htl-tests", version: "1")
        let initialized = try await client.connect(transport: transport)
        #expect(initialized.serverInfo.name == "htl")
        return Session(client: client, process: process, input: toServer.fileHandleForWriting)
    }

    @Test func readToolsAnswerWhatTheCommandsPrint() async throws {
        let session = try await Self.connect(["-C", Self.example] + Self.today)
        let (tools, _) = try await session.client.listTools()
        #expect(tools.map(\.name) == ["status", "progress", "values", "terms", "actions", "check", "next", "due", "review"])
        // The same bytes as the command line's --json.
        for (tool, arguments, command) in [
            ("status", [String: MCP.Value](), ["status", "--json"]),
            ("progress", ["goal": .string("run-100")], ["progress", "run-100km", "--json"]),
            ("actions", ["goal": .string("learn-spanish"), "from": .string("2026-11-01")], ["actions", "--goal", "learn-spanish", "--from", "2026-11-01", "--json"]),
            ("next", [:], ["next", "--json"]),
            ("review", ["term": .bool(true)], ["review", "--term", "--json"]),
            ("check", [:], ["check", "--format", "json"]),
        ] {
            let answer = try await session.call(tool, arguments)
            let printed = try HTLBinary.run(command + ["-C", Self.example] + Self.today)
            #expect(!answer.isError, "\(tool): \(answer.text)")
            #expect(answer.text == printed.stdout, "\(tool)")
        }
        // Errors are tool errors, in the words of the command line.
        let unknown = try await session.call("progress", ["goal": .string("nope")])
        #expect(unknown.isError && unknown.text == "no goal 'nope' (htl status lists them)", "\(unknown)")
        let extra = try await session.call("status", ["colour": .string("red")])
        #expect(extra.isError && extra.text == "unknown argument 'colour' (arguments: all)", "\(extra)")
        let date = try await session.call("actions", ["from": .string("2026-02-30")])
        #expect(date.isError && date.text.hasPrefix("'from' 2026-02-30 is not a date"), "\(date)")
        let write = try await session.call("log_action", ["text": .string("Run 5km +run-100km")])
        #expect(write.isError && write.text == "no tool 'log_action' (write tools need htl mcp --allow-writes)")
        // Prompts, filled from the ledger.
        let (prompts, _) = try await session.client.listPrompts()
        #expect(prompts.map(\.name) == ["weekly_review", "set_goal"])
        let review = try await session.client.getPrompt(name: "weekly_review")
        guard case .text(let text) = try #require(review.messages.first).content else { Issue.record("not text"); return }
        #expect(text.contains("# Weekly review 2026-W47\n"))
        await session.close()
    }

    @Test func logActionIsCheckedAndADryRunUnlessAsked() async throws {
        let ledger = try TemporaryLedger(SampleLedger.files)
        defer { ledger.remove() }
        let session = try await Self.connect(["-C", ledger.root, "--allow-writes"] + Self.today)
        let (tools, _) = try await session.client.listTools()
        #expect(tools.map(\.name).last == "log_action")
        let before = try ledger.read("log/2026.log")

        let dry = try await session.call("log_action", ["text": .string("Run 5km +run")])
        #expect(!dry.isError, "\(dry.text)")
        #expect(dry.text == "would append to log/2026.log (dry run; call again with dry_run false to write):\n2026-11-22 Run 5km +run")
        #expect(try ledger.read("log/2026.log") == before)

        let bad = try await session.call("log_action", ["text": .string("Run 5km +nope"), "dry_run": .bool(false)])
        #expect(bad.isError)
        #expect(bad.text.contains("error:") && bad.text.hasSuffix("nothing written"), "\(bad.text)")
        #expect(try ledger.read("log/2026.log") == before)

        let written = try await session.call("log_action", ["text": .string("Run 5km +run"), "date": .string("2026-11-21"),
                                                            "time": .string("07:10"), "dry_run": .bool(false)])
        #expect(written.text == "appended to log/2026.log:\n2026-11-21 07:10 Run 5km +run", "\(written.text)")
        #expect(try ledger.read("log/2026.log") == before + "2026-11-21 07:10 Run 5km +run\n")
        // The next call sees it.
        let progress = try await session.call("progress", ["goal": .string("run")])
        #expect(progress.text.contains("\"actual\": 10,"), "\(progress.text.prefix(600))")
        let twoLines = try await session.call("log_action", ["text": .string("Run 5km +run\n2020-01-01 Run 1km +run")])
        #expect(twoLines.isError && twoLines.text == "'text' must be one line")
        await session.close()
    }
}
