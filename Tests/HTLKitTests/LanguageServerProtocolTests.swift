import HTLKit
import Testing

/// The protocol layer of `htl lsp`: framing, JSON, UTF-16 positions, URIs.
@Suite struct LanguageServerProtocolTests {
    func framed(_ body: String) -> [UInt8] { MessageFramer.frame(body) }

    @Test func messagesArriveWholeWhateverThePieces() throws {
        let stream =
            framed(#"{"a":1}"#)
            + Array(
                "content-length: 10\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{\"b\":\"é\"}"
                    .utf8)
        for size in [1, 2, 3, 7, 50, stream.count] {
            var framer = MessageFramer()
            var bodies: [String] = []
            var i = 0
            while i < stream.count {
                framer.append(stream[i..<min(i + size, stream.count)])
                i += size
                while let body = try framer.next() { bodies.append(String(decoding: body, as: UTF8.self)) }
            }
            #expect(bodies == [#"{"a":1}"#, #"{"b":"é"}"#], "pieces of \(size)")
        }
    }

    @Test func aHeaderWithoutALengthOrTooLargeIsAnError() {
        var framer = MessageFramer()
        framer.append(Array("Content-Type: x\r\n\r\n{}".utf8))
        #expect(throws: MessageFramer.Failure.self) { try framer.next() }
        var large = MessageFramer()
        large.append(Array("Content-Length: 999999999999\r\n\r\n".utf8))
        #expect(throws: MessageFramer.Failure.tooLarge(999_999_999_999)) { try large.next() }
        var endless = MessageFramer()
        endless.append([UInt8](repeating: 0x41, count: 10_000))
        #expect(throws: MessageFramer.Failure.self) { try endless.next() }
    }

    @Test func jsonReadsWhatLSPSends() throws {
        let value = try JSONParser.parse(
            Array(
                #" {"id": 12, "s": "a\"b\\c\n\u00e9\ud83d\ude00", "n": -1.5e3, "l": [true, false, null], "o": {}} "#
                    .utf8))
        #expect(value["id"]?.int == 12)
        #expect(value["s"]?.string == "a\"b\\c\né😀")
        #expect(value["n"] == .number("-1.5e3"))
        #expect(value["l"]?.array?.count == 3)
        #expect(value.compact() == #"{"id":12,"s":"a\"b\\c\né😀","n":-1.5e3,"l":[true,false,null],"o":{}}"#)
        #expect(JSON.string("\u{1}\u{2028}").compact() == #""\u0001\u2028""#)
    }

    @Test func badJSONIsAnErrorNeverACrash() {
        let cases = [
            "", "{", "[1,]", "{\"a\" 1}", "01x", "\"\\x\"", "\"\\ud800\"", "\"\u{1}\"", "1 2", "nul", "-", "1.", "1e",
            String(repeating: "[", count: 100_000),
        ]
        for text in cases {
            #expect(throws: JSONParser.Failure.self, "\(text.prefix(20))") { try JSONParser.parse(Array(text.utf8)) }
        }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func positionsCountUTF16UnitsAndScalars() {
        // "é" is 2 bytes, 1 scalar, 1 UTF-16 unit; "😀" is 4 bytes, 1 scalar, 2 units.
        let positions = TextPositions(Array("first\n2026-11-22 Café 😀 run 5km\n".utf8))
        // htl column 23 ("5") is after "2026-11-22 Café 😀 run " (22 scalars, 23 UTF-16 units).
        #expect(positions.lspPosition(line: 2, column: 23) == (1, 23))
        #expect(positions.htlPosition(line: 1, character: 23) == (2, 23))
        #expect(positions.offset(line: 1, character: 23) == 6 + 26)
        // Inside the surrogate pair: the emoji's start.
        #expect(positions.offset(line: 1, character: 17) == positions.offset(line: 1, character: 16))
        // Past the line's end, past the last line: clamped, no crash.
        #expect(positions.offset(line: 0, character: 999) == 5)
        #expect(positions.offset(line: 99, character: 0) == positions.bytes.count)
        #expect(positions.htlPosition(line: 99, character: 99).line == 2)
        #expect(positions.end == (2, 0))
    }

    /// LSP's lines end at LF, CR LF and a lone CR, and a byte order mark is
    /// a character; htl's lines end at LF and the mark is no column. A
    /// change is applied where the editor means it.
    @Test func lspLinesEndAtCRToAndTheByteOrderMarkIsACharacter() {
        let positions = TextPositions(Array("a\rb\r\nc\nd".utf8))
        #expect(positions.offset(line: 1, character: 1) == 3)
        #expect(positions.offset(line: 2, character: 0) == 5)
        #expect(positions.offset(line: 3, character: 1) == 8)
        #expect(positions.offset(line: 1, character: 9) == 3)  // past the line's end: before its CR LF
        #expect(positions.lspPosition(ofByte: 6) == (2, 1))
        #expect(positions.end == (3, 1))
        // htl's second line is "c"; its first holds "a\rb".
        #expect(positions.lspPosition(line: 2, column: 1) == (2, 0))
        #expect(positions.htlPosition(line: 1, character: 1) == (1, 4))
        let bom = TextPositions(Array("\u{FEFF}# 2026\n".utf8))
        #expect(bom.offset(line: 0, character: 3) == 5)
        #expect(bom.lspPosition(line: 1, column: 1) == (0, 1))
        #expect(bom.htlPosition(line: 0, character: 1) == (1, 1))
        // What a change cannot mean: a line not in the text, half a surrogate pair.
        #expect(positions.exactOffset(line: 4, character: 0) == nil)
        #expect(positions.exactOffset(line: -1, character: 0) == nil)
        #expect(positions.exactOffset(line: 3, character: 1) == 8)
        let emoji = TextPositions(Array("😀x".utf8))
        #expect(emoji.exactOffset(line: 0, character: 1) == nil)
        #expect(emoji.exactOffset(line: 0, character: 2) == 4)
    }

    @Test func anUnpairedSurrogateCanBeReadAsAReplacementOnlyWhenAsked() throws {
        let text = Array(#"{"a":"x\ud800y","b":"\udc00","c":"\ud83d\u0041"}"#.utf8)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
        let read = try JSONParser.parse(text, replacingUnpairedSurrogates: true)
        #expect(
            read["a"]?.string == "x\u{FFFD}y" && read["b"]?.string == "\u{FFFD}" && read["c"]?.string == "\u{FFFD}A")
    }

    @Test func fileURIsArePercentEncoded() {
        #expect(FileURI.uri("/home/maya/my goals/log/2026.log") == "file:///home/maya/my%20goals/log/2026.log")
        #expect(FileURI.uri("/a/é") == "file:///a/%C3%A9")
        #expect(FileURI.path("file:///a/%C3%A9") == "/a/é")
        #expect(FileURI.path("file://localhost/x") == "/x")
        #expect(FileURI.path("untitled:1") == nil)
        #expect(FileURI.path("file:///a%00b") == nil)
    }
}
