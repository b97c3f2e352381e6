import Foundation
import HTLKit
import HTLTestSupport
import MCP
import SystemPackage
import Testing

@testable import HTLMCP

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

        func call(_ name: String, _ arguments: [String: MCP.Value] = [:]) async throws -> (text: String, isError: Bool)
        {
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
        let toServer = Pipe()
        let fromServer = Pipe()
        process.standardInput = toServer
        process.standardOutput = fromServer
        process.standardError = FileHandle.nullDevice
        try process.run()
        let transport = StdioTransport(
            input: FileDescriptor(rawValue: fromServer.fileHandleForReading.fileDescriptor),
            output: FileDescriptor(rawValue: toServer.fileHandleForWriting.fileDescriptor))
        let client = Client(name: "htl-tests", version: "1")
        let initialized = try await client.connect(transport: transport)
        #expect(initialized.serverInfo.name == "htl")
        return Session(client: client, process: process, input: toServer.fileHandleForWriting)
    }

    /// A script pipes its requests in and closes the input at once: every
    /// request is still answered (the last ones are in flight at the end of input).
    @Test func everyRequestIsAnsweredWhenTheInputEndsRightAfterIt() throws {
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
            #"{"jsonrpc":"2.0","id":"three","method":"tools/call","params":{"name":"status","arguments":{}}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"check","arguments":{}}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"no/such/method"}"#,
            // Read as an answer to the server (it has a result): nothing answers it, nothing waits for it.
            #"{"jsonrpc":"2.0","id":6,"method":"tools/list","result":{}}"#,
        ]
        for _ in 0..<5 {
            // Under `timeout`: a server waiting for an answer that never comes fails here (status 124), not hangs.
            let result = try Command.run(
                "timeout", ["60", HTLBinary.path, "mcp", "-C", Self.example] + Self.today,
                stdin: requests.joined(separator: "\n") + "\n")
            #expect(result.status == 0)
            let ids = result.stdout.split(separator: "\n").compactMap { line -> String? in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                    return nil
                }
                return object["id"].map { "\($0)" }
            }
            #expect(ids.sorted() == ["1", "2", "4", "5", "three"])
        }
    }

    static let initialize = [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    ]

    /// Forty calls answered at once, each answer larger than a pipe holds
    /// (64 KiB): every answer arrives whole, one per line.
    @Test func parallelAnswersLargerThanAPipeArriveWhole() throws {
        let lines = (1...3000).map {
            "2026-11-\(String(format: "%02d", 3 + $0 % 19)) Run \($0 % 9 + 1)km +run #long-tag-\($0)\n"
        }
        let ledger = try TemporaryLedger(SampleLedger.with(["log/2026.log": lines.joined()]))
        defer { ledger.remove() }
        let calls = (2...41).map {
            #"{"jsonrpc":"2.0","id":\#($0),"method":"tools/call","params":{"name":"actions","arguments":{}}}"#
        }
        let result = try Command.run(
            "timeout", ["120", HTLBinary.path, "mcp", "-C", ledger.root] + Self.today,
            stdin: (Self.initialize + calls).joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        var ids: [Int] = []
        var sizes: [Int] = []
        for line in result.stdout.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                Issue.record("not one JSON message: \(line.prefix(80))…\(line.suffix(80))")
                continue
            }
            ids.append(object["id"] as? Int ?? 0)
            sizes.append(line.utf8.count)
        }
        #expect(ids.sorted() == Array(1...41))
        #expect(sizes.filter { $0 > 65_536 }.count == 40)
    }

    /// A message over the limit is answered with an error for its id and
    /// never read whole; what follows it is answered as usual, at once (the
    /// old reader took 32 s for 4 MB, searching the line from its start at
    /// each piece).
    @Test func aMessageOverTheLimitIsRefusedAndTheNextIsAnswered() throws {
        let huge =
            #"{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{"name":"status","arguments":{"all":""#
            + String(repeating: "a", count: 4 << 20) + #""}}}"#
        let next = #"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#
        // Written from a thread of its own, and a server that stops reading is
        // an error to write to (not a signal that ends the tests).
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["60", HTLBinary.path, "mcp", "-C", Self.example] + Self.today
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let request = Data(((Self.initialize + [huge, next]).joined(separator: "\n") + "\n").utf8)
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async {
            try? writer.write(contentsOf: request)
            try? writer.close()
        }
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let answers = String(decoding: stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(answers.count == 3)
        #expect(
            answers.contains(
                #"{"jsonrpc":"2.0","id":"big","error":{"code":-32600,"message":"the message is \#(huge.utf8.count) bytes long, more than the 1048576 htl mcp reads; it was not read"}}"#
            ))
        #expect(answers.contains { $0.hasPrefix(#"{"id":3,"#) || $0.contains(#""id":3,"#) })
        // The last message, too long: answered before the server ends with its input.
        let last = try Command.run(
            "timeout", ["60", HTLBinary.path, "mcp", "-C", Self.example] + Self.today,
            stdin: (Self.initialize + [huge]).joined(separator: "\n") + "\n")
        #expect(last.status == 0)
        #expect(
            last.stdout.split(separator: "\n").contains {
                $0.hasPrefix(#"{"jsonrpc":"2.0","id":"big","error":{"code":-32600,"#)
            })
    }

    /// A prompt that cannot be given says why in htl's words (the SDK made
    /// any other error "The operation could not be completed").
    @Test func promptErrorsCarryHtlsMessage() throws {
        let requests =
            Self.initialize + [
                #"{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"nope"}}"#,
                #"{"jsonrpc":"2.0","id":3,"method":"prompts/get","params":{"name":"set_goal","arguments":{}}}"#,
            ]
        let result = try Command.run(
            "timeout", ["60", HTLBinary.path, "mcp", "-C", Self.example] + Self.today,
            stdin: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        // Answers come in any order (JSON-RPC allows it): the initialize answer is left out by its id.
        let answers = result.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(#"{"id":1,"#) }
            .sorted()
        #expect(
            answers == [
                #"{"error":{"code":-32602,"data":{"detail":"no prompt 'nope' (prompts: weekly_review, set_goal)"},"message":"Invalid params: no prompt 'nope' (prompts: weekly_review, set_goal)"},"id":2,"jsonrpc":"2.0"}"#,
                #"{"error":{"code":-32602,"data":{"detail":"set_goal needs an 'idea'"},"message":"Invalid params: set_goal needs an 'idea'"},"id":3,"jsonrpc":"2.0"}"#,
            ])
    }

    /// Lines are found in time linear in their length: each byte is looked
    /// at once, however small the pieces it arrives in.
    @Test func linesAreSplitLookingAtEachByteOnce() {
        var lines = LineSplitter(limit: 1 << 20)
        let message = Array(#"{"a":""#.utf8) + [UInt8](repeating: 0x61, count: 900_000) + Array(#""}"#.utf8)
        let stream = message + [0x0A] + Array("{}\n \n{\"id\":1}".utf8) + [0x0A]
        var pieces: [LineSplitter.Piece] = []
        var i = 0
        while i < stream.count {
            pieces += lines.append(stream[i..<min(i + 4096, stream.count)])
            i += 4096
        }
        #expect(pieces == [.message(message), .message(Array("{}".utf8)), .message(Array(#"{"id":1}"#.utf8))])
        #expect(lines.examined == stream.count)
        // Over the limit: dropped as it comes, its id read from its start.
        var small = LineSplitter(limit: 10)
        let long = Array(#"{"jsonrpc":"2.0","id":7,"params":{"x":"#.utf8) + [UInt8](repeating: 0x62, count: 5000)
        var got = small.append(long[0..<3000]) + small.append(long[3000...])
        got += small.append(Array("\n{}\n".utf8)[...])
        #expect(got == [.tooLong(start: Array(long.prefix(4096)), length: long.count), .message(Array("{}".utf8))])
        #expect(LineSplitter.requestID(in: Array(long.prefix(4096))) == .int(7))
        #expect(LineSplitter.requestID(in: Array(#"{"params":{"id":1},"id":"x\"y"}"#.utf8)) == .string("x\"y"))
        #expect(LineSplitter.requestID(in: Array(#"{"method":"id","id":12"#.utf8)) == nil)
    }

    @Test func readToolsAnswerWhatTheCommandsPrint() async throws {
        let session = try await Self.connect(["-C", Self.example] + Self.today)
        let (tools, _) = try await session.client.listTools()
        #expect(
            tools.map(\.name) == [
                "status", "progress", "values", "terms", "actions", "check", "next", "due", "diff", "review",
            ])
        // The same bytes as the command line's --json.
        for (tool, arguments, command) in [
            ("status", [String: MCP.Value](), ["status", "--json"]),
            ("progress", ["goal": .string("run-100")], ["progress", "run-100km", "--json"]),
            (
                "actions", ["goal": .string("learn-spanish"), "from": .string("2026-11-01")],
                ["actions", "--goal", "learn-spanish", "--from", "2026-11-01", "--json"]
            ),
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
        guard case .text(let text) = try #require(review.messages.first).content else {
            Issue.record("not text")
            return
        }
        #expect(text.contains("# Weekly review 2026-W47\n"))
        await session.close()
    }

    @Test func logActionIsCheckedAndADryRunUnlessAsked() async throws {
        let ledger = try TemporaryLedger(SampleLedger.files)
        defer { ledger.remove() }
        let session = try await Self.connect(["-C", ledger.root, "--allow-writes"] + Self.today)
        let (tools, _) = try await session.client.listTools()
        #expect(tools.map(\.name).suffix(2) == ["log_action", "new_goal"])
        let before = try ledger.read("log/2026.log")

        let dry = try await session.call("log_action", ["text": .string("Run 5km +run")])
        #expect(!dry.isError, "\(dry.text)")
        #expect(
            dry.text
                == "would append to log/2026.log (dry run; call again with dry_run false to write):\n2026-11-22 Run "
                + "5km +run"
        )
        #expect(try ledger.read("log/2026.log") == before)

        let bad = try await session.call("log_action", ["text": .string("Run 5km +nope"), "dry_run": .bool(false)])
        #expect(bad.isError)
        #expect(bad.text.contains("error:") && bad.text.hasSuffix("nothing written"), "\(bad.text)")
        #expect(try ledger.read("log/2026.log") == before)

        let written = try await session.call(
            "log_action",
            [
                "text": .string("Run 5km +run"), "date": .string("2026-11-21"),
                "time": .string("07:10"), "dry_run": .bool(false),
            ])
        #expect(written.text == "appended to log/2026.log:\n2026-11-21 07:10 Run 5km +run", "\(written.text)")
        #expect(try ledger.read("log/2026.log") == before + "2026-11-21 07:10 Run 5km +run\n")
        // The next call sees it.
        let progress = try await session.call("progress", ["goal": .string("run")])
        #expect(progress.text.contains("\"actual\": 10,"), "\(progress.text.prefix(600))")
        let twoLines = try await session.call("log_action", ["text": .string("Run 5km +run\n2020-01-01 Run 1km +run")])
        #expect(twoLines.isError && twoLines.text == "'text' must be one line")
        await session.close()
    }

    @Test func diffComparesRevisionsLikeTheCommandLine() async throws {
        let repo = try TemporaryGitRepository(SampleLedger.files)
        defer { repo.ledger.remove() }
        let first = try repo.commitAll("start")
        try repo.ledger.write("log/2026.log", try repo.ledger.read("log/2026.log") + "2026-11-21 Run 7km +run\n")
        let session = try await Self.connect(["-C", repo.root] + Self.today)
        let answer = try await session.call("diff")
        let printed = try repo.htl(["diff", "--json"] + Self.today)
        #expect(!answer.isError, "\(answer.text)")
        #expect(answer.text == printed.stdout)
        #expect(answer.text.contains("\"from_progress\": 0.05,\n      \"to_progress\": 0.12,"), "\(answer.text)")
        let named = try await session.call("diff", ["from": .string(first), "to": .string("HEAD")])
        #expect(named.text == (try repo.htl(["diff", first, "HEAD", "--json"] + Self.today)).stdout)
        let asOf = try await session.call("diff", ["as_of": .string("2026-11-22")])
        #expect(asOf.text == (try repo.htl(["diff", "--as-of", "2026-11-22", "--json"] + Self.today)).stdout)
        #expect(asOf.text.contains("\"from_as_of\": \"2026-11-22\",\n  \"to_as_of\": \"2026-11-22\","), "\(asOf.text)")
        let unknown = try await session.call("diff", ["from": .string("--output=/tmp/x")])
        #expect(unknown.isError && unknown.text == "unknown revision '--output=/tmp/x'", "\(unknown.text)")
        await session.close()
    }

    @Test func newGoalIsCheckedWarnsOfDuplicatesAndIsADryRunUnlessAsked() async throws {
        let ledger = try TemporaryLedger(SampleLedger.files)
        defer { ledger.remove() }
        let session = try await Self.connect(["-C", ledger.root, "--allow-writes"] + Self.today)
        let goal: [String: MCP.Value] = [
            "title": .string("Run 100 km!"), "target": .string("2027-01-10"), "start": .string("2026-11-23"),
            "terms": .array([.int(1)]), "targets": .object(["km": .double(100.5)]),
            "values": .object(["health": .int(9)]),
            "description": .string("Again, but faster."), "action_plan": .string("- [ ] Intervals on Tuesdays"),
        ]
        let dry = try await session.call("new_goal", goal)
        #expect(!dry.isError, "\(dry.text)")
        #expect(
            dry.text == """
                would create goals/run-100-km.md (dry run; call again with dry_run false to write):
                ---
                title: Run 100 km!
                start: 2026-11-23
                target: 2027-01-10
                term: 1
                targets:
                  km: 100.5
                values:
                  health: 9
                ---
                Again, but faster.

                ## Action plan
                - [ ] Intervals on Tuesdays

                note: the ledger already has a goal with a close title: run (Run 100 km); is this a duplicate?

                """)
        #expect(!FileManager.default.fileExists(atPath: ledger.root + "/goals/run-100-km.md"))

        var bad = goal
        bad["importance"] = .int(11)
        bad["dry_run"] = .bool(false)
        let refused = try await session.call("new_goal", bad)
        #expect(
            refused.isError
                && refused.text.contains("importance must be an integer from 1 to 10, found 11 [invalid-value]"),
            "\(refused.text)")
        #expect(refused.text.hasSuffix("nothing written"))
        #expect(!FileManager.default.fileExists(atPath: ledger.root + "/goals/run-100-km.md"))

        var real = goal
        real["dry_run"] = .bool(false)
        let created = try await session.call("new_goal", real)
        #expect(created.text.hasPrefix("created goals/run-100-km.md:\n---\ntitle: Run 100 km!\n"), "\(created.text)")
        #expect(try HTLBinary.run(["check", "-C", ledger.root] + Self.today).status == 0)
        let again = try await session.call("new_goal", ["title": .string("Other"), "id": .string("run-100-km")])
        #expect(again.isError && again.text == "a goal with id 'run-100-km' already exists")
        await session.close()
    }

    /// A key of `targets` or `values` goes into the front matter as it is:
    /// one that is not a measure or value id is refused, so no input adds a
    /// key or changes a value (`status: dropped` after a line break, `km: 5 #`
    /// making a 5 km target of 1).
    @Test func newGoalKeysCannotAddOrChangeFields() async throws {
        let ledger = try TemporaryLedger(SampleLedger.files)
        defer { ledger.remove() }
        let session = try await Self.connect(["-C", ledger.root, "--allow-writes"] + Self.today)
        let measure =
            "which is not a measure: a measure id or alias (lowercase letters, digits and '_', starting with a "
            + "letter) or 'actions'"
        for (arguments, message) in [
            (
                ["targets": MCP.Value.object(["km\nstatus: dropped\nimportance: 10": .int(1)])],
                "'targets' has the key 'km\\nstatus: dropped\\nimportance: 10', \(measure)"
            ),
            (["targets": .object(["km: 5 #": .int(1)])], "'targets' has the key 'km: 5 #', \(measure)"),
            (
                ["values": .object(["health: 9\r\nurgency": .int(1)])],
                "'values' has the key 'health: 9\\r\\nurgency', which is not a value id: lowercase letters, digits "
                    + "and '-', starting with a letter or digit"
            ),
        ] {
            let answer = try await session.call(
                "new_goal", arguments.merging(["title": .string("Sneaky"), "dry_run": .bool(false)]) { a, _ in a })
            #expect(answer.isError && answer.text == message, "\(answer.text)")
        }
        // A key of the right shape that the ledger lacks is the checker's error.
        let unknown = try await session.call(
            "new_goal", ["title": .string("Sneaky"), "targets": .object(["kms": .int(5)]), "dry_run": .bool(false)])
        #expect(
            unknown.isError && unknown.text.contains("[unknown-measure]") && unknown.text.hasSuffix("nothing written"),
            "\(unknown.text)")
        #expect(!FileManager.default.fileExists(atPath: ledger.root + "/goals/sneaky.md"))
        await session.close()
    }
}
