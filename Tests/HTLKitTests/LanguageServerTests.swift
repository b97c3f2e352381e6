import HTLKit
import HTLTestSupport
import Testing

@testable import HTLLanguageServer

/// `htl lsp` in process: a session over a temporary ledger, each answer
/// checked exactly.
@Suite struct LanguageServerTests {
    let now = Now.day(SampleLedger.today)

    /// A server initialized on a copy of the sample ledger.
    func session() throws -> (server: LanguageServer, ledger: TemporaryLedger) {
        let ledger = try TemporaryLedger(SampleLedger.files)
        var server = LanguageServer(startFolder: "/")
        let answer = server.handle(
            request(1, "initialize", #"{"rootUri":"\#(FileURI.uri(ledger.root))","capabilities":{}}"#), now: now)
        #expect(answer.count == 1 && answer[0].contains(#""capabilities""#))
        return (server, ledger)
    }

    func request(_ id: Int, _ method: String, _ params: String) -> [UInt8] {
        Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)
    }

    func notification(_ method: String, _ params: String) -> [UInt8] {
        Array(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#.utf8)
    }

    func json(_ text: String) -> JSON { try! JSONParser.parse(Array(text.utf8)) }

    func uri(_ ledger: TemporaryLedger, _ path: String) -> String { FileURI.uri(ledger.root + "/" + path) }

    func open(_ server: inout LanguageServer, _ ledger: TemporaryLedger, _ path: String, _ text: String) -> [JSON] {
        let escaped = JSON.string(text).compact()
        return server.handle(
            notification(
                "textDocument/didOpen",
                #"{"textDocument":{"uri":"\#(uri(ledger, path))","languageId":"htl","version":1,"text":\#(escaped)}}"#),
            now: now
        ).map(json)
    }

    @Test func diagnosticsAsYouTypeWithRuleRangeAndHelp() throws {
        var (server, ledger) = try session()
        defer { ledger.remove() }
        let opened = open(&server, ledger, "log/2026.log", "2026-11-03 Run 5km +run\n")
        #expect(opened.count == 1)
        #expect(opened[0]["params"]?["diagnostics"]?.array?.isEmpty == true)
        // Type "2026-11-04 Swim 2kms 😀 +run" on line 2 (an incremental change).
        let change =
            #"{"textDocument":{"uri":"\#(uri(ledger, "log/2026.log"))","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":0}},"text":"2026-11-04 😀 Swim 2kms +run\n"}]}"#
        let published = server.handle(notification("textDocument/didChange", change), now: now).map(json)
        let diagnostics = try #require(published.first?["params"]?["diagnostics"]?.array)
        #expect(published.first?["params"]?["version"]?.int == 2)
        #expect(diagnostics.count == 1)
        // "kms" starts after "2026-11-04 😀 Swim 2": 19 scalars, 20 UTF-16 units.
        #expect(
            diagnostics[0].compact()
                == #"{"range":{"start":{"line":1,"character":20},"end":{"line":1,"character":23}},"severity":1,"code":"unknown-unit","source":"htl","message":"unknown unit 'kms' (did you mean 'km'?)","relatedInformation":[{"location":{"uri":"\#(uri(ledger, "log/2026.log"))","range":{"start":{"line":1,"character":20},"end":{"line":1,"character":23}}},"message":"help: declare it in measures.yaml, or quote the word: \"2kms\""}]}"#
        )
        // The fix, as a code action.
        let actions = server.handle(
            request(
                2, "textDocument/codeAction",
                #"{"textDocument":{"uri":"\#(uri(ledger, "log/2026.log"))"},"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":5}},"context":{"diagnostics":[]}}"#
            ), now: now
        ).map(json)
        let edit = try #require(
            actions.first?["result"]?.array?.first?["edit"]?["changes"]?[uri(ledger, "log/2026.log")]?.array?.first)
        #expect(actions.first?["result"]?.array?.first?["title"]?.string == "Change to 'km'")
        #expect(
            edit.compact()
                == #"{"range":{"start":{"line":1,"character":20},"end":{"line":1,"character":23}},"newText":"km"}"#)
    }

    /// A line that counts toward nothing although the run goal counts its
    /// kilometres and shares its word: the link is offered, at the line's end.
    @Test func anUnlinkedActionIsOfferedItsLink() throws {
        var (server, ledger) = try session()
        defer { ledger.remove() }
        let published = open(&server, ledger, "log/2026.log", "2026-11-03 Run 5km +run\n2026-11-21 Long run 6km  \n")
        let diagnostics = published.first?["params"]?["diagnostics"]?.array ?? []
        // (The trailing blanks are fmt's to remove; the link goes before them.)
        #expect(
            diagnostics.filter { $0["code"]?.string == "unlinked-action" }.map { $0["message"]?.string }
                == ["counts toward nothing; +run counts km in this window"])
        let actions = server.handle(
            request(
                2, "textDocument/codeAction",
                #"{"textDocument":{"uri":"\#(uri(ledger, "log/2026.log"))"},"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":0}},"context":{"diagnostics":[]}}"#
            ), now: now
        ).map(json)
        let action = try #require(actions.first?["result"]?.array?.first)
        #expect(action["title"]?.string == "Link +run")
        #expect(
            action["edit"]?["changes"]?[uri(ledger, "log/2026.log")]?.array?.first?.compact()
                == #"{"range":{"start":{"line":1,"character":23},"end":{"line":1,"character":23}},"newText":" +run"}"#)
    }

    @Test func aChangedGoalBringsFindingsInTheLogAndClearingThemIsPublished() throws {
        var (server, ledger) = try session()
        defer { ledger.remove() }
        _ = open(&server, ledger, "goals/run.md", SampleLedger.files["goals/run.md"]!)
        // Renaming the goal's file is not possible in a buffer; removing its km target makes 5km unused.
        let text = SampleLedger.files["goals/run.md"]!.replacingOccurrences(
            of: "targets:\n  km: 100\n", with: "targets:\n  min: 100\n")
        let published = server.handle(
            notification(
                "textDocument/didChange",
                #"{"textDocument":{"uri":"\#(uri(ledger, "goals/run.md"))","version":2},"contentChanges":[{"text":\#(JSON.string(text).compact())}]}"#
            ), now: now
        ).map(json)
        let log = published.first { $0["params"]?["uri"]?.string == uri(ledger, "log/2026.log") }
        #expect(log?["params"]?["diagnostics"]?.array?.first?["code"]?.string == "unused-quantity")
        // Back as it was: the log's finding is cleared with an empty list.
        let restored = server.handle(
            notification(
                "textDocument/didChange",
                #"{"textDocument":{"uri":"\#(uri(ledger, "goals/run.md"))","version":3},"contentChanges":[{"text":\#(JSON.string(SampleLedger.files["goals/run.md"]!).compact())}]}"#
            ), now: now
        ).map(json)
        let cleared = restored.first { $0["params"]?["uri"]?.string == uri(ledger, "log/2026.log") }
        #expect(cleared?["params"]?["diagnostics"]?.array?.isEmpty == true)
    }

    @Test func completionOffersGoalsTagsUnitsDatesAndKeys() throws {
        var (server, ledger) = try session()
        defer { ledger.remove() }
        _ = open(&server, ledger, "log/2026.log", "2026-11-03 Run 5km +run\n2026-11-04 Run 5k +r #ru\n\n")
        func labels(_ line: Int, _ character: Int, _ path: String = "log/2026.log") -> [String] {
            let answer = server.handle(
                request(
                    9, "textDocument/completion",
                    #"{"textDocument":{"uri":"\#(uri(ledger, path))"},"position":{"line":\#(line),"character":\#(character)}}"#
                ), now: now)
            return json(answer[0])["result"]?.array?.compactMap { $0["label"]?.string } ?? []
        }
        #expect(labels(1, 20) == ["run"])  // after "+r"
        #expect(labels(1, 24) == ["running"])  // after "#ru"
        #expect(labels(1, 17) == ["kilometre", "kilometres", "km"])  // after "5k"
        #expect(labels(2, 0) == ["2026-11-22", "2026-11-21"])
        _ = open(&server, ledger, "goals/new.md", "---\ntitle: New\nt\nvalues:\n  \n---\n")
        #expect(labels(2, 1, "goals/new.md") == ["target", "term", "targets", "tags"])
        #expect(labels(4, 2, "goals/new.md") == ["health"])
    }

    @Test func hoverDefinitionReferencesFormattingAndSymbols() throws {
        var (server, ledger) = try session()
        defer { ledger.remove() }
        let log = "2026-11-03 Run 5km +run\n2026-11-04   Run  4km #running\n"
        _ = open(&server, ledger, "log/2026.log", log)
        let at = #""textDocument":{"uri":"\#(uri(ledger, "log/2026.log"))"},"position":{"line":0,"character":21}"#
        let hover = json(server.handle(request(3, "textDocument/hover", "{\(at)}"), now: now)[0])
        #expect(
            hover["result"]?["contents"]?["value"]?.string
                == "**Run 100 km** (`run`)\n\nbehind · 9% · due 2027-01-10 (in 49 days)\n\n- 9 / 100 km")
        // A running timer that links the goal shows in its hover, with the minutes it has run.
        try "running 2026-11-22 07:05 Tempo run 6km +run\n".write(
            toFile: ledger.root + "/.htl-timer", atomically: true, encoding: .utf8)
        let clock = Now.clock(date: SampleLedger.today, time: ClockTime(hour: 7, minute: 40)!)
        let timed = json(server.handle(request(33, "textDocument/hover", "{\(at)}"), now: clock)[0])
        #expect(
            timed["result"]?["contents"]?["value"]?.string?.hasSuffix(
                "- 9 / 100 km\n\nTimer: Tempo run 6km +run, since 07:05 (35 min)") == true, "\(timed)")
        let unit = json(
            server.handle(
                request(
                    4, "textDocument/hover",
                    #"{"textDocument":{"uri":"\#(uri(ledger, "log/2026.log"))"},"position":{"line":0,"character":16}}"#),
                now: now)[0])
        #expect(
            unit["result"]?["contents"]?["value"]?.string
                == "**km** (`km`)\n\nmeasure · distance · also kilometre, kilometres")
        let definition = json(server.handle(request(5, "textDocument/definition", "{\(at)}"), now: now)[0])
        #expect(
            definition["result"]?.compact()
                == #"{"uri":"\#(uri(ledger, "goals/run.md"))","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}}"#
        )
        let references = json(
            server.handle(
                request(6, "textDocument/references", "{\(at),\"context\":{\"includeDeclaration\":true}}"), now: now)[0]
        )
        #expect(references["result"]?.array?.compactMap { $0["range"]?["start"]?["line"]?.int } == [0, 1])
        let formatting = json(
            server.handle(
                request(
                    7, "textDocument/formatting",
                    #"{"textDocument":{"uri":"\#(uri(ledger, "log/2026.log"))"},"options":{"tabSize":2,"insertSpaces":true}}"#
                ), now: now)[0])
        #expect(
            formatting["result"]?.compact()
                == #"[{"range":{"start":{"line":0,"character":0},"end":{"line":2,"character":0}},"newText":"2026-11-03 Run 5km +run\n2026-11-04 Run 4km #running\n"}]"#
        )
        let symbols = json(
            server.handle(
                request(
                    8, "textDocument/documentSymbol", #"{"textDocument":{"uri":"\#(uri(ledger, "log/2026.log"))"}}"#),
                now: now)[0])
        #expect(
            symbols["result"]?.array?.compactMap { $0["name"]?.string } == [
                "2026-11-03 Run 5km +run", "2026-11-04   Run  4km #running",
            ])
    }

    @Test func hostileMessagesGetAnErrorOrNothing() throws {
        var (server, ledger) = try session()
        defer { ledger.remove() }
        #expect(server.handle(Array("{not json".utf8), now: now).first?.contains(#""code":-32700"#) == true)
        #expect(server.handle(Array("[1,2]".utf8), now: now).first?.contains(#""code":-32600"#) == true)
        #expect(
            server.handle(request(2, "workspace/unknown", "{}"), now: now).first?.contains(#""code":-32601"#) == true)
        #expect(server.handle(notification("$/cancelRequest", #"{"id":1}"#), now: now).isEmpty)
        // Positions past the end, files outside the ledger, missing params: an empty answer.
        _ = open(&server, ledger, "log/2026.log", "2026-11-03 Run 5km +run\n")
        for params in [
            #"{"textDocument":{"uri":"\#(uri(ledger, "log/2026.log"))"},"position":{"line":9999,"character":-5}}"#,
            #"{"textDocument":{"uri":"\#(uri(ledger, "log/2026.log"))"},"position":{"line":9223372036854775807,"character":9223372036854775807},"range":{"start":{"line":9223372036854775807,"character":0},"end":{"line":-9223372036854775808,"character":0}}}"#,
            #"{"textDocument":{"uri":"file:///etc/passwd"},"position":{"line":0,"character":0}}"#, "null", "{}",
        ] {
            for method in [
                "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references",
                "textDocument/formatting", "textDocument/codeAction", "textDocument/documentSymbol",
            ] {
                let answer = server.handle(request(3, method, params), now: now)
                #expect(answer.count == 1 && answer[0].contains(#""result""#), "\(method) \(params)")
            }
        }
        #expect(open(&server, ledger, "../outside.log", "x").isEmpty)
    }

    /// The server's copy follows the editor's through LSP's line ends (a
    /// lone CR ends a line) and its characters (a byte order mark is one);
    /// a change it cannot apply is never guessed at: the document is out of
    /// sync, shows so, and is not formatted until its whole text comes again.
    @Test func theCopyFollowsTheEditorOrIsNeverFormatted() throws {
        var (server, ledger) = try session()
        defer { ledger.remove() }
        let path = "log/2026.log"
        let u = uri(ledger, path)
        _ = open(&server, ledger, path, "\u{FEFF}# 2026\r2026-11-03  Run 5km +run\n")
        func change(_ version: Int, _ changes: String) -> [JSON] {
            server.handle(
                notification(
                    "textDocument/didChange",
                    #"{"textDocument":{"uri":"\#(u)","version":\#(version)},"contentChanges":\#(changes)}"#), now: now
            ).map(json)
        }
        func format(_ id: Int) -> JSON {
            json(
                server.handle(
                    request(
                        id, "textDocument/formatting",
                        #"{"textDocument":{"uri":"\#(u)"},"options":{"tabSize":2,"insertSpaces":true}}"#), now: now)[0])
        }
        let range = { (line: Int, from: Int, to: Int) in
            #"{"start":{"line":\#(line),"character":\#(from)},"end":{"line":\#(line),"character":\#(to)}}"#
        }
        // "Year " after the BOM and "# "; one space for the two after the date, on the line after the lone CR.
        _ = change(2, #"[{"range":\#(range(0, 3, 3)),"text":"Year "},{"range":\#(range(1, 10, 12)),"text":" "}]"#)
        #expect(server.documents.bytes(path) == Array("\u{FEFF}# Year 2026\r2026-11-03 Run 5km +run\n".utf8))

        // Half a surrogate pair: the message is not JSON, the change is lost.
        let broken = server.handle(
            Array(
                #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(u)","version":3},"contentChanges":[{"range":\#(range(1, 0, 0)),"text":"\ud800"}]}}"#
                    .utf8), now: now
        ).map(json)
        #expect(broken.first?["error"]?["code"]?.int == -32700)
        let reason = "a message from the editor was not valid JSON (an unpaired surrogate)"
        #expect(
            broken.dropFirst().first?.compact()
                == #"{"jsonrpc":"2.0","method":"window/showMessage","params":{"type":2,"message":"htl: its copy of log/2026.log may differ from yours (\#(reason)); it will not format that file until you close and reopen it"}}"#
        )
        let shown = broken.first { $0["params"]?["uri"]?.string == u }?["params"]?["diagnostics"]?.array
        #expect(
            shown?.count == 1
                && shown?.first?["message"]?.string?.hasPrefix("htl's copy of this file may differ from yours") == true)
        #expect(
            format(4).compact()
                == #"{"jsonrpc":"2.0","id":4,"error":{"code":-32803,"message":"htl's copy of log/2026.log may differ from yours (\#(reason)); close and reopen the file to format it"}}"#
        )
        let actions = server.handle(
            request(
                5, "textDocument/codeAction",
                #"{"textDocument":{"uri":"\#(u)"},"range":\#(range(0, 0, 0)),"context":{"diagnostics":[]}}"#), now: now)
        #expect(actions == [#"{"jsonrpc":"2.0","id":5,"result":[]}"#])
        // A ranged change cannot bring it back; the whole text does.
        _ = change(4, #"[{"range":\#(range(0, 0, 0)),"text":"x"}]"#)
        #expect(format(6)["error"]?["code"]?.int == -32803)
        _ = change(5, #"[{"text":"2026-11-03  Run 5km +run\n"}]"#)
        #expect(
            format(7)["result"]?.compact()
                == #"[{"range":{"start":{"line":0,"character":0},"end":{"line":1,"character":0}},"newText":"2026-11-03 Run 5km +run\n"}]"#
        )
        // A range that is not in the copy (line 9 of 2) is refused the same way.
        let far = change(6, #"[{"range":\#(range(9, 0, 0)),"text":"x"}]"#)
        #expect(far.first?["method"]?.string == "window/showMessage")
        #expect(format(8)["error"]?["code"]?.int == -32803)
        #expect(server.documents.bytes(path) == Array("2026-11-03  Run 5km +run\n".utf8))
    }

    /// A message that is not JSON and does not say what it was about may
    /// have been a change to any open document: all of them are out of sync.
    @Test func anUnreadableMessagePutsEveryOpenDocumentOutOfSync() throws {
        var (server, ledger) = try session()
        defer { ledger.remove() }
        _ = open(&server, ledger, "log/2026.log", "2026-11-03  Run 5km +run\n")
        _ = open(&server, ledger, "goals/run.md", SampleLedger.files["goals/run.md"]!)
        let answers = server.handle(
            Array(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"#.utf8), now: now
        ).map(json)
        #expect(answers.first?["error"]?["code"]?.int == -32700)
        #expect(answers.filter { $0["method"]?.string == "window/showMessage" }.count == 2)
        for path in ["log/2026.log", "goals/run.md"] {
            #expect(
                server.documents.outOfSync(path)
                    == "a message from the editor was not valid JSON (expected a member name)")
            let format = json(
                server.handle(
                    request(
                        3, "textDocument/formatting", #"{"textDocument":{"uri":"\#(uri(ledger, path))"},"options":{}}"#),
                    now: now)[0])
            #expect(format["error"]?["code"]?.int == -32803, "\(path)")
        }
        // Another such message warns no more.
        let again = server.handle(Array("{".utf8), now: now).map(json)
        #expect(again.filter { $0["method"]?.string == "window/showMessage" }.count == 0)
    }

    /// A log of a thousand bad lines shows its first hundred findings in
    /// file order and one saying how many more there are, not all of them
    /// on every keystroke.
    @Test func aFileShowsItsFirstHundredFindingsAndOneForTheRest() throws {
        var (server, ledger) = try session()
        defer { ledger.remove() }
        let opened = open(&server, ledger, "log/2026.log", String(repeating: "2026-11-03 Run 5kms +run\n", count: 1000))
        let log = try #require(opened.first { $0["params"]?["uri"]?.string == uri(ledger, "log/2026.log") })
        let shown = try #require(log["params"]?["diagnostics"]?.array)
        #expect(shown.count == 101)
        #expect(shown.prefix(100).compactMap { $0["range"]?["start"]?["line"]?.int } == Array(0..<100))
        #expect(shown.prefix(100).allSatisfy { $0["code"]?.string == "unknown-unit" })
        #expect(
            shown[100].compact()
                == #"{"range":{"start":{"line":100,"character":16},"end":{"line":100,"character":19}},"severity":1,"source":"htl","message":"900 more findings in this file (all errors) are not shown here, only the first 100; htl check lists them all"}"#
        )
    }

    /// Changes that queued up are applied in order and checked once: one
    /// publication for the file typed in, none for files whose findings did
    /// not change; a request in between sees the changes before it.
    @Test func queuedChangesAreCheckedOnce() throws {
        var (server, ledger) = try session()
        defer { ledger.remove() }
        let u = uri(ledger, "log/2026.log")
        _ = open(&server, ledger, "log/2026.log", "2026-11-03 Run 5km +run\n")
        _ = open(&server, ledger, "goals/run.md", SampleLedger.files["goals/run.md"]!)
        let typed = (2...4).map { version in
            notification(
                "textDocument/didChange",
                #"{"textDocument":{"uri":"\#(u)","version":\#(version)},"contentChanges":[{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":0}},"text":"2026-11-0\#(version) Run 1kms\n"}]}"#
            )
        }
        let hover = request(
            9, "textDocument/hover", #"{"textDocument":{"uri":"\#(u)"},"position":{"line":0,"character":21}}"#)
        let answers = server.handle(batch: typed + [hover] + typed.prefix(1), now: now).map(json)
        #expect(
            answers.map { $0["method"]?.string ?? "response \($0["id"]?.int ?? 0)" }
                == ["textDocument/publishDiagnostics", "response 9", "textDocument/publishDiagnostics"])
        #expect(answers[0]["params"]?["uri"]?.string == u && answers[0]["params"]?["version"]?.int == 4)
        #expect(
            answers[0]["params"]?["diagnostics"]?.array?.compactMap { $0["range"]?["start"]?["line"]?.int } == [
                1, 2, 3,
            ])
        #expect(answers[2]["params"]?["version"]?.int == 2)
        #expect(answers[2]["params"]?["diagnostics"]?.array?.count == 4)
    }

    @Test func shutdownThenExitIsACleanStop() throws {
        var (server, ledger) = try session()
        defer { ledger.remove() }
        #expect(server.handle(request(2, "shutdown", "null"), now: now) == [#"{"jsonrpc":"2.0","id":2,"result":null}"#])
        #expect(
            server.handle(request(3, "textDocument/hover", "{}"), now: now).first?.contains(#""code":-32600"#) == true)
        _ = server.handle(notification("exit", "null"), now: now)
        #expect(server.lifecycle == .stopped(0))
        var abrupt = LanguageServer(startFolder: "/")
        _ = abrupt.handle(notification("exit", "null"), now: now)
        #expect(abrupt.lifecycle == .stopped(1))
        var early = LanguageServer(startFolder: "/")
        #expect(
            early.handle(request(1, "textDocument/hover", "{}"), now: now).first?.contains(#""code":-32002"#) == true)
    }
}
