import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

@testable import HTLCheck
@testable import HTLCore
@testable import HTLFormat
@testable import HTLModel
@testable import HTLParse
@testable import HTLRender

@Suite struct LogParserTests {
    /// A report asks neither for repeated lines nor for fmt's verdict: its
    /// parse skips each line's hash and plainness, and reads the same
    /// actions and findings as a full parse (repeats aside), on lines that
    /// are printable ASCII or not, plain or not, in pieces or whole.
    @Test func aParseThatJudgesNothingReadsTheSameActions() {
        var rng = SeededGenerator(seed: 61)
        let measures = SampleLedger.load(SampleLedger.with([:])).ledger.measures
        let items = [
            "Run", "5km", "+run", "#Tag", "\"a  quote\"", "café", "\t", "  ", "30min", "\u{7F}", "+nope", "5 km", "0km",
            "é",
        ]
        var lines: [String] = []
        for _ in 0..<300 {
            let day = ["2026-11-03", "2026-11-04", "2026-11-3x"].randomElement(using: &rng)!
            // Up to nine items: lines on both sides of 64 bytes (the survey notes the spaces of the first 64).
            lines.append(
                day + " "
                    + (0..<Int.random(in: 1...9, using: &rng)).map { _ in items.randomElement(using: &rng)! }.joined(
                        separator: " "))
        }
        let file = SourceFile(path: "log/2026.log", text: lines.joined(separator: "\n") + "\n")
        let full = LogParser(measures: measures, findsRepeats: false, judgesFormat: true)
        let bare = LogParser(measures: measures, findsRepeats: false, judgesFormat: false)
        for size in [200, Int.max] {
            let (a, b) = (full.parse(file, pieceSize: size), bare.parse(file, pieceSize: size))
            #expect(
                a.actions == b.actions && a.findings == b.findings
                    && a.rejectedLinks.map(\.goal) == b.rejectedLinks.map(\.goal))
            #expect(a.actions.count > 50 && !a.findings.isEmpty)
            #expect(b.isCanonical == nil)
        }
        // A DEL above leaves the verdict to the formatter (nil) even in a full parse; two plain logs do not.
        let clean = SourceFile(path: "log/2026.log", text: "2026-11-03 Run 5km +run\n")
        let spaced = SourceFile(path: "log/2026.log", text: "2026-11-03  Run 5km +run\n")
        #expect(full.parse(clean).isCanonical == true && bare.parse(clean).isCanonical == nil)
        #expect(full.parse(spaced).isCanonical == false && bare.parse(spaced).isCanonical == nil)
    }

    /// A hostile log of 2.4 million blank lines around one action: the
    /// action is found on its line, and fmt keeps every blank line.
    @Test func blankLinesCostTheirBytesOnly() throws {
        let blank = [UInt8](repeating: 0x0A, count: 1_200_000)
        let bytes = blank + Array("2026-11-03 Run 5km +run\n".utf8) + Array(" \t\n".utf8) + blank
        let parser = LogParser(measures: SampleLedger.load(SampleLedger.with([:])).ledger.measures)
        let parse = parser.parse(SourceFile(path: "log/2026.log", bytes: bytes))
        #expect(parse.actions.map(\.line) == [1_200_001])
        #expect(parse.findings.isEmpty)
        let formatted = try #require(Formatter.canonical(SourceFile(path: "log/2026.log", bytes: bytes)))
        #expect(
            String(decoding: formatted, as: UTF8.self) == String(repeating: "\n", count: 1_200_000)
                + "2026-11-03 Run 5km +run\n")
    }

    /// Comment lines, empty lines and blank CRLF lines reserve no room: a
    /// clean log's pieces hold exactly its actions, so no action is moved
    /// once they are read (a comment at the top moved every later action).
    @Test func linesThatCannotBeActionsReserveNoRoom() {
        var text = "# my log\n\n"
        for day in 1...28 { text += "\r\n# week \(day)\n2026-11-\(day < 10 ? "0" : "")\(day) Run 5km +run\n\n" }
        let file = SourceFile(path: "log/2026.log", text: text)
        let parser = LogParser(measures: SampleLedger.load(SampleLedger.with([:])).ledger.measures)
        for size in [1, 40, 100, Int.max] {
            let pieces = LogParser.pieces(file.bytes, from: 0, pieceSize: size)
            #expect(pieces.reduce(0) { $0 + $1.room } == 28, "pieces of \(size)")
            #expect(parser.parse(file, pieceSize: size).actions.map(\.line) == (1...28).map { 4 + 4 * ($0 - 1) + 1 })
        }
    }

    /// A day read once is reused for the next lines with the same ten
    /// bytes: every line still gets exactly the day its own bytes name, and
    /// a date that is no day is still reported, right after a real one.
    @Test func eachLineGetsTheDayItsOwnBytesName() {
        var random = SeededGenerator(seed: 47)
        let days = [
            "2026-11-03", "2026-11-03", "2026-11-04", "2026-11-30", "2026-02-30", "2026-11-3", "2026-11-03x",
            "2028-02-29",
        ]
        var lines: [String] = []
        for _ in 0..<400 { lines.append(days.randomElement(using: &random)! + " Run 5km +run") }
        let parser = LogParser(measures: SampleLedger.load(SampleLedger.with([:])).ledger.measures)
        let parse = parser.parse(
            SourceFile(path: "log/2026.log", text: lines.joined(separator: "\n") + "\n"), pieceSize: 600)
        var next = 0
        for (index, line) in lines.enumerated() {
            let day = CivilDate.parse(String(line.prefix { $0 != " " }))
            let found = parse.findings.contains { $0.location.line == index + 1 && $0.rule == .badLogLine }
            if let day {
                #expect(parse.actions[next].line == index + 1 && parse.actions[next].date == day, "line \(index + 1)")
                next += 1
            }
            #expect(found == (day == nil), "line \(index + 1): \(line)")
        }
        #expect(next == parse.actions.count)
    }

    /// Property: the parser's verdict on a whole log (already canonical and
    /// valid UTF-8, made while reading its lines, so `unformatted` need not
    /// read the log again) is what fmt's own check says, in one piece or
    /// many; it is left open only for lines that are not all text.
    @Test func theParsersCanonicalVerdictIsFmts() {
        var random = SeededGenerator(seed: 53)
        let words = ["2026-11-03", "Run", "5km", "+run", "#outdoors", "\"a  b\"", "\"x\\\"y\"", "# note", "é", "café"]
        let odd: [[UInt8]] = [[0x20], [0x20, 0x20], [0x09], [0x0D], [0xFF], [0x01], [0x22], Array("#".utf8)]
        let parser = LogParser(measures: SampleLedger.load(SampleLedger.with([:])).ledger.measures)
        var decided = 0
        for _ in 0..<2_000 {
            var bytes: [UInt8] = Int.random(in: 0..<20, using: &random) == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                var line = Array(
                    ((0..<Int.random(in: 0...4, using: &random)).map { _ in words.randomElement(using: &random)! })
                        .joined(separator: " ").utf8)
                if Int.random(in: 0..<4, using: &random) == 0 {
                    line.insert(
                        contentsOf: odd.randomElement(using: &random)!,
                        at: Int.random(in: 0...line.count, using: &random))
                }
                bytes += line + [0x0A]
            }
            if Int.random(in: 0..<6, using: &random) == 0, !bytes.isEmpty { bytes.removeLast() }
            let file = SourceFile(path: "log/2026.log", bytes: bytes)
            let expected = LogFormatter.isCanonical(bytes) && UTF8Validation.isValid(bytes)
            for size in [Int.max, 16] {
                let verdict = parser.parse(file, pieceSize: size).isCanonical
                if let verdict {
                    #expect(verdict == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
                    decided += 1
                } else {
                    #expect(
                        Self.hasLineThatIsNotText(bytes),
                        "undecided: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                }
            }
        }
        #expect(decided > 2_000)
    }

    /// A line (its line ending aside) with a control character or bytes that are not UTF-8.
    static func hasLineThatIsNotText(_ bytes: [UInt8]) -> Bool {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).contains { line in
            let text = line.last == 0x0D ? line.dropLast() : line
            return text.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F } || !UTF8Validation.isValid(Array(text))
        }
    }

    /// The duplicate-action index hashes canonical forms without building
    /// them: lines equal once formatted hash alike, and the hash is the
    /// hash of exactly the bytes `of` builds.
    @Test func canonicalHashAgreesWithTheCanonicalForm() {
        func both(_ text: String) -> ([UInt8], UInt64) {
            let bytes = Array(text.utf8)
            return (
                CanonicalLogLine.of(bytes.span, 0..<bytes.count), CanonicalLogLine.hash(bytes.span, 0..<bytes.count)
            )
        }
        let lines = [
            "2026-11-03 Run 5km +run", "  2026-11-03\tRun   5km  +run ", "2026-11-03 \"a  b\" 5km",
            "2026-11-03 \"a b\" 5km",
            "# comment  kept  ", "2026-11-03 \"x\\\"  y\" z", "", "   ",
        ]
        for a in lines {
            for b in lines {
                let (fa, ha) = both(a)
                let (fb, hb) = both(b)
                #expect((fa == fb) == (ha == hb), "\(a.debugDescription) / \(b.debugDescription)")
            }
        }
        #expect(both("  2026-11-03\tRun   5km  +run ").0 == Array("2026-11-03 Run 5km +run".utf8))
    }

    /// Property: a line hashes like its canonical form (the plain fast path
    /// and the scratch path agree), and a line taken as plain is its own
    /// canonical form. Lines are long enough to cross eight-byte words.
    @Test func canonicalHashAndPlainLinesAgreeWithTheCanonicalForm() {
        var rng = SeededGenerator(seed: 29)
        let pieces = [
            "2026-11-03", " ", "  ", "\t", "Morning", "run", "5.8km", "+run-100km", "#outdoors", "\"a  b\"",
            "\"x\\\"y\"",
            "#", "\r", "é", "longer-words-here",
        ]
        var seen: [[UInt8]: UInt64] = [:]
        for _ in 0..<3000 {
            let bytes = Array(
                (0..<Int.random(in: 0...14, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined().utf8)
            let line = bytes.span
            let canonical = CanonicalLogLine.of(line, 0..<line.count)
            let canonicalHash = CanonicalLogLine.hash(canonical.span, 0..<canonical.count)
            let (hash, plain) = (
                CanonicalLogLine.hash(line, 0..<line.count), CanonicalLogLine.isPlain(line, 0..<line.count)
            )
            #expect(hash == canonicalHash, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if plain {
                #expect(canonical == bytes, "\(String(decoding: bytes, as: UTF8.self).debugDescription) taken as plain")
            }
            if let earlier = seen[canonical] { #expect(earlier == hash) }
            seen[canonical] = hash
        }
        // Different canonical forms, different hashes (no collision among these).
        #expect(Set(seen.values).count == seen.count)
    }

    /// Property: the survey of a line answers as the separate questions do
    /// (printable ASCII, plain, hash of its bytes, where its first 64
    /// bytes hold spaces), on lines
    /// of every length around the eight- and sixteen-byte steps, alone in
    /// their buffer or after other bytes (a space just before the line
    /// does not make its first space a double one).
    @Test func lineSurveyAgreesWithTheQuestionsItReplaces() {
        var rng = SeededGenerator(seed: 31)
        let pieces = [
            "2026-11-03", " ", "  ", "\t", "run", "5km", "\"a  b\"", "\r", "é", "\u{1}", "\u{7F}", "x", "#",
            "longer-word",
        ]
        for _ in 0..<4000 {
            let bytes = Array(
                (0..<Int.random(in: 0...14, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined().utf8)
            let text = String(decoding: bytes, as: UTF8.self).debugDescription
            // Alone in its buffer, and followed by a line break and more (read past as whole words).
            let after =
                [0x0A] + (0..<Int.random(in: 0...9, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let before = Array(repeating: UInt8(0x20), count: Int.random(in: 1...17, using: &rng))
            for (buffer, start) in [(bytes, 0), (bytes + after, 0), (before + bytes + after, before.count)] {
                do {
                    let all = buffer.span
                    let range = start..<(start + bytes.count)
                    let line = all.extracting(range)
                    let survey = LineSurvey(all, range)
                    #expect(survey.isPrintableASCII == line.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(text)")
                    #expect(survey.isPlain == CanonicalLogLine.isPlain(all, range), "\(text)")
                    #expect(survey.hash == WordHash.hash(line), "\(text)")
                    let spaces = line.indices.prefix(64).reduce(UInt64(0)) {
                        line[$1] == 0x20 ? $0 | (1 << UInt64($1)) : $0
                    }
                    #expect(survey.spaces == spaces, "\(text)")
                }
            }
        }
    }

    /// How many pieces a log is read in: 32 KB or more each up to 32 pieces
    /// (a log of a few thousand lines is already read on both cores), then
    /// pieces of 256 KB or more up to 128 (the last piece a core finishes
    /// alone is short). Hand-computed.
    @Test func longLogsAreReadInMorePieces() {
        let size = LogParser.pieceSize
        #expect(LogParser.pieceCount(0, pieceSize: size) == 1)
        #expect(LogParser.pieceCount(100_000, pieceSize: size) == 3)  // 100,000 / 32,768
        #expect(LogParser.pieceCount(4_925_531, pieceSize: size) == 32)  // 150 by size; 18 long pieces
        #expect(LogParser.pieceCount(10_485_760, pieceSize: size) == 40)  // 40 pieces of 256 KB
        #expect(LogParser.pieceCount(49_471_861, pieceSize: size) == 128)  // 188 long pieces, at most 128
        #expect(LogParser.pieceCount(49_471_861, pieceSize: 1 << 20) == 47)  // pieces of 1 MB asked for
        #expect(LogParser.pieceCount(49_471_861, pieceSize: .max) == 1)  // one piece asked for
    }

    /// A long log is read in pieces on every core: the result is the one
    /// pass's, byte for byte: line numbers, findings in order (a repeat's
    /// finding after the other findings of its line), repeats found across
    /// pieces, rejected links.
    @Test func piecesGiveTheSameResultAsOnePass() throws {
        var lines = ["\u{FEFF}# log"]
        for k in 0..<240 {
            switch k % 12 {
            case 0: lines.append("2026-11-0\(k % 9 + 1) Run \(k % 7 + 1)km +run-100km")
            case 1: lines.append("2026-11-03 Run 5km +run-100km")  // repeats from the second one on
            case 2: lines.append("2026-11-03  Run\t5km +run-100km  \r")  // the same once formatted
            case 3: lines.append("2026-11-04 Swim 5 km +run-100km")  // spaced-quantity, then a repeat
            case 4: lines.append("2026-11-05 Walk 3furlongs +nowhere")  // unknown unit: rejected, its link kept
            case 5: lines.append("2026-13-01 bad date")
            case 6: lines.append("")
            case 7: lines.append("2026-11-06 \"Quoted  text\" #Outdoors 2km +run-100km")
            default: lines.append("2026-11-\(10 + k % 18) Entry \(k) 1.5km #tag\(k % 5)")
            }
        }
        let file = SourceFile(path: "log/2026.log", text: lines.joined(separator: "\n") + "\n")
        let measures = SampleLedger.load(SampleLedger.with([:])).ledger.measures
        let parser = LogParser(measures: measures)
        let pieces = LogParser.pieces(file.bytes, from: 3, pieceSize: 200)
        // Pieces of 200 bytes or more, at most 32 for a log this short.
        #expect(pieces.count == 32)
        let whole = parser.parse(file, pieceSize: .max)
        let split = parser.parse(file, pieceSize: 200)
        #expect(split.actions == whole.actions)
        #expect(split.findings == whole.findings)
        #expect(
            split.rejectedLinks.map { "\($0.location) \($0.goal)" }
                == whole.rejectedLinks.map { "\($0.location) \($0.goal)" })
        // Hand-checked: line 3 (case 1, k = 1) is the first of its kind; line 4 formats to it;
        // line 5 warns, and line 17 (k = 15, case 3) repeats it after its own warning.
        let repeats = whole.findings.filter { $0.rule == .duplicateAction }
        #expect(
            repeats.first.map { "\($0.location.line) \($0.message)" } == "4 this action repeats line 3 (logged twice?)")
        let line17 = whole.findings.filter { $0.location.line == 17 }.map(\.rule)
        #expect(line17 == [.spacedQuantity, .duplicateAction])
        #expect(repeats.count == 19 + 20 + 19 + 19)  // cases 1, 2, 3 and 7
        #expect(whole.rejectedLinks.count == 20)
    }

    /// The same for random logs of hostile fragments (invalid UTF-8, control
    /// bytes, CR, quotes left open, repeats, very long lines), cut at many
    /// piece sizes: the pieces never change the result.
    @Test func piecesNeverChangeTheResultOfRandomLogs() {
        let fragments: [[UInt8]] = [
            Array("2026-11-03 Run 5km +run-100km".utf8), Array("2026-11-03  Run 5km  +run-100km".utf8),
            Array("2026-11-04 Swim 5 km #Pool".utf8), Array("2026-11-05 \"open quote 3km".utf8),
            Array("2026-02-30 bad day".utf8), Array("# comment".utf8), [],
            Array("2026-11-06 caf\u{E9} 1session +x".utf8),
            [0x32, 0x30, 0x32, 0x36, 0xFF, 0xFE], Array("2026-11-07 tab\there 1km".utf8) + [0x01],
            Array("2026-11-08 a\r".utf8),
            Array("2026-11-09 ".utf8) + Array(repeating: UInt8(ascii: "x"), count: 700) + Array(" 2km".utf8),
            Array("2026-11-10 3furlongs +nowhere #t".utf8), Array("\u{FEFF}2026-11-11 bom 1km".utf8),
            Array(" \t ".utf8),
        ]
        let parser = LogParser(measures: SampleLedger.load(SampleLedger.with([:])).ledger.measures)
        var rng = SeededGenerator(seed: 14)
        for round in 0..<20 {
            var bytes: [UInt8] = round % 2 == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<Int.random(in: 1...150, using: &rng) {
                bytes += fragments.randomElement(using: &rng)!
                bytes.append(0x0A)
            }
            if Bool.random(using: &rng) { bytes += fragments.randomElement(using: &rng)! }  // no final line ending
            let file = SourceFile(path: "log/2026.log", bytes: bytes)
            let whole = parser.parse(file, pieceSize: .max)
            for size in [1, 17, 64, 333] {
                let split = parser.parse(file, pieceSize: size)
                #expect(split.actions == whole.actions, "round \(round), pieces of \(size)")
                #expect(split.findings == whole.findings, "round \(round), pieces of \(size)")
                #expect(
                    split.rejectedLinks.map { "\($0.location) \($0.goal)" }
                        == whole.rejectedLinks.map { "\($0.location) \($0.goal)" })
            }
        }
    }

    /// A changed log read from its first changed line on (the language
    /// server's keystrokes) gives exactly what reading it whole gives: for
    /// random logs of hostile fragments and random edits anywhere (typing at
    /// the end, inserting, deleting, replacing, a BOM added or removed).
    @Test func rereadingFromTheFirstChangeGivesTheWholeReading() {
        let fragments: [[UInt8]] = [
            Array("2026-11-03 Run 5km +run-100km".utf8), Array("2026-11-03  Run 5km  +run-100km".utf8),
            Array("2026-11-04 Swim 5 km #Pool".utf8), Array("2026-11-05 \"open quote 3km".utf8),
            Array("# comment".utf8), [],
            Array("2026-11-06 caf\u{E9} 1session +x".utf8), [0x32, 0x30, 0xFF], Array("2026-11-08 a\r".utf8),
            Array("2026-11-10 3furlongs +nowhere #t".utf8), Array("\u{FEFF}2026-11-11 bom 1km".utf8), Array("\n".utf8),
        ]
        let parser = LogParser(measures: SampleLedger.load(SampleLedger.with([:])).ledger.measures)
        var rng = SeededGenerator(seed: 23)
        func log() -> [UInt8] {
            var bytes: [UInt8] = Int.random(in: 0..<4, using: &rng) == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<Int.random(in: 0...60, using: &rng) { bytes += fragments.randomElement(using: &rng)! + [0x0A] }
            return bytes
        }
        for round in 0..<300 {
            let old = log()
            var new = old
            let at = Int.random(in: 0...old.count, using: &rng)
            switch round % 5 {
            case 0: new += fragments.randomElement(using: &rng)! + [0x0A]  // typing a line at the end
            case 1: new.insert(contentsOf: fragments.randomElement(using: &rng)!, at: at)
            case 2: new.removeSubrange(at..<min(old.count, at + Int.random(in: 1...40, using: &rng)))
            case 3: new.replaceSubrange(at..<min(old.count, at + 3), with: log())
            default: new = old.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(old.dropFirst(3)) : [0xEF, 0xBB, 0xBF] + old
            }
            let before = SourceFile(path: "log/2026.log", bytes: old)
            let after = SourceFile(path: "log/2026.log", bytes: new)
            let whole = parser.parse(after)
            let reread = parser.parse(after, after: (old, parser.parse(before)))
            #expect(reread.actions == whole.actions, "round \(round)")
            #expect(reread.findings == whole.findings, "round \(round)")
            #expect(
                reread.rejectedLinks.map { "\($0.location) \($0.goal)" }
                    == whole.rejectedLinks.map { "\($0.location) \($0.goal)" })
        }
        // Hand-checked: a line typed at the end that repeats a kept line is still a repeat.
        let old = Array("2026-11-03 Run 5km +run-100km\n# note\n".utf8)
        let typed = SourceFile(path: "log/2026.log", bytes: old + Array("2026-11-03 Run  5km +run-100km\n".utf8))
        let reread = parser.parse(typed, after: (old, parser.parse(SourceFile(path: "log/2026.log", bytes: old))))
        #expect(
            reread.findings.map { "\($0.location.line) \($0.message)" } == [
                "3 this action repeats line 1 (logged twice?)"
            ])
        #expect(reread.actions.map(\.line) == [1, 3])
    }

    /// Descriptions are kept as bytes of the log: the text reads back as
    /// written (one stretch, quoted, words apart, none), and after an edit the
    /// kept lines point into the new version of the file, not the old one.
    @Test func descriptionsPointIntoTheLogAndFollowItsEdits() {
        let parser = LogParser(measures: SampleLedger.load(SampleLedger.with([:])).ledger.measures)
        let old = Array(
            """
            2026-11-03 Morning run 5km +run-100km
            2026-11-04 "Run, #2" 5km
            2026-11-05 Run 5km  easy
            2026-11-06 5km +run-100km

            """.utf8)
        let parsed = parser.parse(SourceFile(path: "log/2026.log", bytes: old))
        #expect(parsed.actions.map(\.description) == ["Morning run", "Run, #2", "Run easy", ""])
        #expect(parsed.actions[0].text == ActionText("Morning run"))
        #expect(parsed.actions[3].text.isEmpty)
        let new = old + Array("2026-11-07 Swim 1km\n".utf8)
        let reread = parser.parse(SourceFile(path: "log/2026.log", bytes: new), after: (old, parsed))
        #expect(reread.actions.map(\.description) == ["Morning run", "Run, #2", "Run easy", "", "Swim"])
        // Both kept and new lines' texts are held by a store of the new version's bytes.
        #expect(reread.actions[0].text.store.bytes == new && reread.actions[4].text.store.bytes == new)
        #expect(reread.actions[0].text.store.isFile)
    }

    func parse(_ log: String) -> (actions: [Action], diagnostics: [Finding]) {
        let loaded = SampleLedger.load(SampleLedger.with(["log/2026.log": log]))
        return (loaded.ledger.actions, loaded.findings)
    }

    /// The sample ledger's measures, which the quantities of `parse` name by position.
    let sampleMeasures = SampleLedger.load(SampleLedger.with([:])).ledger.measures

    @Test func specExampleLines() {
        let (actions, diagnostics) = parse(
            """
            # 2026
            2026-11-20 07:10 Morning run around the lake 5.8km 35min +run #outdoors
            2026-11-21 Long run 12km 1session #Running
            2026-11-21 Correction for the "20th" -0.8km +run

            """)
        #expect(diagnostics.isEmpty)
        #expect(actions.count == 3)
        let a = actions[0]
        #expect(a.line == 2)
        #expect(a.date.description == "2026-11-20")
        #expect(a.time?.description == "07:10")
        #expect(a.description == "Morning run around the lake")
        #expect(
            a.quantities.map { "\($0.amount) \($0.measure(in: sampleMeasures)) @\($0.column)" } == [
                "5.8 km @46", "35 min @52",
            ])
        #expect(a.links.map(\.goal) == ["run"])
        #expect(a.links.first?.column == 58)
        #expect(a.tags == ["outdoors"])
        #expect(actions[1].quantities.map { $0.measure(in: sampleMeasures) } == ["km", "sessions"])  // alias resolved
        #expect(actions[1].tags == ["running"])  // lowercased
        #expect(actions[2].description == "Correction for the 20th")
        #expect(actions[2].quantities.first?.amount.description == "-0.8")
    }

    /// A quantity keeps its token as written (`5.80km`, `05km`, an alias)
    /// even though most are rebuilt from amount and measure instead of kept.
    @Test func everyQuantityIsWrittenAsInTheLog() {
        let tokens = [
            "5.8km", "5.80km", "05km", "0.5km", "00.5km", "12km", "-0.8km", "-0.80km", "3min", "1session", "2sessions",
            "5kilometres", "0.000001km", "1.000000km", "10km", "100.5km", "7.0min",
        ]
        let (actions, diagnostics) = parse(tokens.map { "2026-11-20 Run \($0) +run" }.joined(separator: "\n") + "\n")
        #expect(diagnostics.isEmpty)
        #expect(actions.flatMap { $0.quantities.map { $0.written(in: sampleMeasures) } } == tokens)
        // Equal by what they say, whichever way each keeps its token.
        let (again, _) = parse(tokens.map { "2026-11-20 Run \($0) +run" }.joined(separator: "\n") + "\n")
        #expect(again.map(\.quantities) == actions.map(\.quantities))
    }

    @Test func quotedTextKeepsSpacesAndEscapes() {
        let (actions, diagnostics) = parse(#"2026-11-20 Read "Dune \"Messiah\" \\ notes" 12km"# + "\n")
        #expect(diagnostics.isEmpty)
        #expect(actions.first?.description == #"Read Dune "Messiah" \ notes"#)
    }

    @Test func wordsThatLookLikeNumbersButAreNot() {
        let (actions, diagnostics) = parse("2026-11-20 Met at 10:30 on 2026-11-19, bought 2 x 3.5 -v2 items +run\n")
        #expect(diagnostics.isEmpty)
        #expect(actions.first?.description == "Met at 10:30 on 2026-11-19, bought 2 x 3.5 -v2 items")
        #expect(actions.first?.quantities.isEmpty == true)
    }

    @Test(arguments: [
        ("2026-11-20 Run 5kms", RuleID.unknownUnit, 17, "unknown unit 'kms' (did you mean 'km'?)"),
        ("2026-11-20 Came 2nx", .unknownUnit, 18, "unknown unit 'nx'"),
        ("2026-11-20 Run 5KM", .unknownUnit, 17, "unknown unit 'KM' (did you mean 'km'?)"),
        ("2026-02-30 Run", .badLogLine, 1, "2026-02-30 is not a real date: February 2026 has 28 days"),
        (
            "20/11/2026 Run", .badLogLine, 1,
            "a log line must start with a date YYYY-MM-DD (or '#' for a comment), found '20/11/2026'"
        ),
        ("2026-11-20 7:10 Run", .badLogLine, 12, "invalid time '7:10': write HH:MM (24-hour)"),
        ("2026-11-20 24:00 Run", .badLogLine, 12, "invalid time '24:00': write HH:MM (24-hour)"),
        ("2026-11-20 Read \"Dune", .badLogLine, 17, "unterminated quote: add a closing '\"'"),
        ("2026-11-20 Read \"Dune\"s", .badLogLine, 23, "put a space after the closing quote"),
        ("2026-11-20 Ran #café", .badLogLine, 16, "invalid tag '#café': tags use letters, digits, '-' and '_'"),
        ("2026-11-20 07:10 #running", .emptyAction, 1, "the action has no description, quantity or link"),
        ("2026-11-20", .emptyAction, 1, "the action has no description, quantity or link"),
        ("2026-11-20 Run 0km", .zeroQuantity, 16, "a quantity of 0 km counts for nothing; remove it"),
        (
            "2026-11-20 Runs 5km 2kilometre", .duplicateQuantity, 21,
            "a second quantity of km in one action (first at column 17)"
        ),
        ("2026-11-20 Run 1.1234567km", .badQuantity, 16, "quantity '1.1234567km' has more than 6 decimal places"),
        ("2026-11-20 Run\u{0}5km", .badLogLine, 15, "control character U+0000 in a log line"),
        // Found by make fuzz: a control character after a non-ASCII one is at its scalar column.
        ("2026-11-20 café \u{7F}", .badLogLine, 17, "control character U+007F in a log line"),
    ])
    func findingsWithExactPositions(_ line: String, _ rule: RuleID, _ column: Int, _ message: String) {
        let (actions, diagnostics) = parse("# 2026\n" + line + "\n")
        #expect(actions.isEmpty)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.rule == rule)
        #expect(diagnostics.first?.location == SourceLocation(path: "log/2026.log", line: 2, column: column))
        #expect(diagnostics.first?.message == message)
    }

    /// FORMAT.md §6: a token that is almost a quantity is an error with the
    /// fix in its help, never a silent word whose amount is lost.
    @Test(arguments: [
        (".5km", "write 0.5km"),
        ("5.km", "write 5km"),
        ("5,5km", "write 5.5km"),
        ("5_000km", "write 5000km"),
        ("1e3km", "write 1000km"),
        ("2.5e-1km", "write 0.25km"),
        ("-.5km", "write -0.5km"),
        ("1,000km", "write 1000km or 1km"),
        ("1,000,000km", "write 1000000km"),
        ("1.5.3km", "write the number as digits with an optional '.' and decimals, like 5.5km"),
    ])
    func almostQuantitiesAreBadQuantities(_ token: String, _ help: String) {
        let (actions, diagnostics) = parse("# 2026\n2026-11-20 Swim \(token) +run\n")
        #expect(actions.isEmpty)
        #expect(diagnostics.map(\.rule) == [.badQuantity])
        #expect(diagnostics.first?.location == SourceLocation(path: "log/2026.log", line: 2, column: 17))
        #expect(
            diagnostics.first?.message
                == "'\(token)' is almost a quantity, but its number is not written as htl reads numbers")
        #expect(diagnostics.first?.help == help + " (or quote it to keep it as text: \"\(token)\")")
    }

    /// FORMAT.md §6: an amount written in two declared units (`1h25min`)
    /// is a bad quantity whose help writes the one quantity to type, in the
    /// smaller unit; units that do not convert are written apart. A part
    /// whose unit is not declared leaves the token an unknown unit.
    @Test(arguments: [
        ("1h25min", "write 85min"),
        ("2h30min", "write 150min"),
        ("1.5h10min", "write 100min"),
        ("30min1h", "write 90min"),
        ("-1h25min", "write -85min"),
        ("1km500m", "write 1500m"),
        ("2hours15minutes", "write 135minutes"),
        ("5km30min", "write 5km 30min"),
        ("1h30min2km", "write 1h 30min 2km"),
    ])
    func compoundQuantitiesAreBadQuantities(_ token: String, _ help: String) {
        let measures = """
            km:
              type: distance
            m:
              type: distance
              equals: 0.001 km
            min:
              type: time
              aliases: [minutes]
            hours:
              type: time
              aliases: [h]
              equals: 60 min

            """
        let loaded = SampleLedger.load(
            SampleLedger.with(["measures.yaml": measures, "log/2026.log": "# 2026\n2026-11-20 Ride \(token) +run\n"]))
        #expect(loaded.ledger.actions.isEmpty)
        #expect(loaded.findings.map(\.rule) == [.badQuantity])
        #expect(loaded.findings.first?.location == SourceLocation(path: "log/2026.log", line: 2, column: 17))
        #expect(
            loaded.findings.first?.message
                == "'\(token)' is almost a quantity, but a quantity is one number and one unit")
        #expect(loaded.findings.first?.help == help + " (or quote it to keep it as text: \"\(token)\")")
    }

    /// Without `h` declared, `1h25min` names no unit htl knows: still an
    /// unknown unit, reported where the unknown letters start.
    @Test func aCompoundWithAnUndeclaredUnitIsAnUnknownUnit() {
        let (_, diagnostics) = parse("2026-11-20 Ride 1h25min 2x3min +run\n")
        #expect(diagnostics.map(\.rule) == [.unknownUnit, .unknownUnit])
        #expect(diagnostics.map(\.location.column) == [18, 26])
        #expect(diagnostics.map(\.message) == ["unknown unit 'h25min'", "unknown unit 'x3min'"])
    }

    /// Ordinals and counts are words in a diary line, unless a measure is
    /// spelled that way.
    @Test func ordinalsAndCountsAreWords() {
        let (actions, diagnostics) = parse("2026-11-20 Came 1st, 2nd 3rd 10th 21st 1ST; did 3x 12x sets 5km +run\n")
        #expect(diagnostics.isEmpty)
        #expect(actions.first?.description == "Came 1st, 2nd 3rd 10th 21st 1ST; did 3x 12x sets")
        #expect(actions.first?.quantities.map { $0.measure(in: sampleMeasures) } == ["km"])
        let stones = SampleLedger.load(
            SampleLedger.with([
                "measures.yaml": "km:\n  type: distance\nst:\n  title: Stone\n  type: mass\n",
                "log/2026.log": "2026-11-20 Weighed 12st +run\n",
            ]))
        #expect(stones.findings.isEmpty)
        #expect(
            stones.ledger.actions.first?.quantities.map { "\($0.amount) \($0.measure(in: stones.ledger.measures))" }
                == ["12 st"])
    }

    @Test func columnsCountUnicodeScalarsNotBytes() {
        let (_, diagnostics) = parse("2026-11-20 Café crème ☕ 5kms\n")
        #expect(diagnostics.first?.location.column == 26)
    }

    @Test func crlfBomTabsAndBlankLines() {
        let log =
            "\u{FEFF}# head\r\n\r\n   \t\r\n2026-11-20\t07:10\tRun\t5km   +run\r\n  # indented comment\r\n2026-11-21 "
            + "Walk 2km"
        let (actions, diagnostics) = parse(log)
        #expect(diagnostics.isEmpty)
        #expect(actions.map(\.line) == [4, 6])
        #expect(actions.first?.description == "Run")
        #expect(actions.first?.quantities.first?.column == 22)
        #expect(actions.last?.description == "Walk")
    }

    @Test func invalidUTF8IsAnEncodingFindingOnItsLine() {
        let bytes: [UInt8] =
            Array("2026-11-20 Run 5km\n2026-11-21 Caf".utf8) + [0xE9] + Array(" 2km\n2026-11-22 Walk 1km\n".utf8)
        let loaded = LedgerParser.parse(
            SampleLedger.files.filter { $0.key != "log/2026.log" }.map { SourceFile(path: $0.key, text: $0.value) }
                + [SourceFile(path: "log/2026.log", bytes: bytes)])
        #expect(loaded.findings.map(\.rule) == [.encoding])
        #expect(loaded.findings.first?.location == SourceLocation(path: "log/2026.log", line: 2, column: 15))
        #expect(loaded.ledger.actions.map(\.line) == [1, 3])
    }

    @Test func filesAreReadInPathByteOrder() {
        let loaded = SampleLedger.load(
            SampleLedger.with([
                "log/2026.log": "2026-11-03 B 1km\n",
                "log/2025.log": "2025-11-03 A 1km\n",
                "log/a/2026.log": "2026-11-04 C 1km\n",
            ]))
        #expect(loaded.ledger.actions.map(\.path) == ["log/2025.log", "log/2026.log", "log/a/2026.log"])
    }

    /// A megabyte on one line: linear (a quadratic step would never finish;
    /// the ten-million-quantity line is a bench row, not a test).
    @Test func aMegabyteLineIsParsedLinearly() {
        let words = String(repeating: "word ", count: 200_000)
        let (actions, diagnostics) = parse("2026-11-20 " + words + "5km\n")
        #expect(diagnostics.isEmpty)
        #expect(actions.first?.quantities.first?.column == 11 + words.count + 1)
    }

    @Test func repeatedFindingsOnOneLineAreCapped() {
        let line = "2026-11-20 x" + String(repeating: " 1zz", count: 20_000) + "\n"
        let loaded = SampleLedger.load(SampleLedger.with(["log/2026.log": line]))
        let report = Checker.check(loaded, today: SampleLedger.today)
        #expect(report.errorCount == 6)
        #expect(report.diagnostics.map(\.location.column) == [15, 19, 23, 27, 31, 35])
        #expect(report.diagnostics.last?.message == "and 19995 more unknown-unit findings on this line")
        let text = DiagnosticRenderer.text(report, files: loaded.files)
        // 50 characters each side of the caret, cut with "…": the first and the last finding.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let ends = (lines.prefix(4) + ["…"] + lines.suffix(5)).joined(separator: "\n")
        Golden.check(ends, against: "Tests/Golden/long-line-excerpts.txt")
        let tags = "2026-11-20 x" + (0..<20_000).map { " #t\($0)" }.joined() + " +run\n"
        let tagged = SampleLedger.load(SampleLedger.with(["log/2026.log": tags]))
        #expect(tagged.ledger.actions.first?.tags.count == 20_000)
    }

    /// Every rule that can fire again on one line keeps five findings and
    /// sums up the rest, counted exactly, whichever rules interleave (past
    /// its share, a finding is counted without its message being made).
    @Test func eachRepeatableRuleIsCappedOnItsOwn() {
        let line =
            "2026-11-20 x 5km" + String(repeating: " 5km", count: 8) + String(repeating: " 0km", count: 7)
            + String(repeating: " 1,5km", count: 6) + String(repeating: " 3 km", count: 7)
            + String(repeating: " 1zz 2.1234567km", count: 9) + "\n"
        let (actions, diagnostics) = parse(line)
        #expect(actions.isEmpty)
        var kept: [RuleID: Int] = [:]
        for d in diagnostics where !d.message.hasPrefix("and ") { kept[d.rule, default: 0] += 1 }
        #expect(
            kept == [.duplicateQuantity: 5, .zeroQuantity: 5, .badQuantity: 5, .spacedQuantity: 5, .unknownUnit: 5])
        #expect(
            diagnostics.filter { $0.message.hasPrefix("and ") }.map(\.message).sorted() == [
                "and 10 more bad-quantity findings on this line",
                "and 2 more spaced-quantity findings on this line",
                "and 2 more zero-quantity findings on this line",
                "and 3 more duplicate-quantity findings on this line",
                "and 4 more unknown-unit findings on this line",
            ])
        // The summary points at the first one left out: the sixth repeat of 5km (column 14), at 14 + 4 * 6.
        #expect(diagnostics.first { $0.message.hasPrefix("and 3 more") }?.location.column == 38)
    }

    /// Property: the search for repeats over buckets (lines dealt by the
    /// top bits of their hashes) answers as one dictionary of canonical
    /// forms over the whole file would, whatever the bucket size, the split
    /// into pieces, the seeds kept from an earlier parse, and the hashes
    /// (real ones; all alike; all in one bucket but the last bits).
    @Test func repeatSearchAnswersAsOneDictionaryWhateverTheBuckets() {
        var rng = SeededGenerator(seed: 43)
        let words = ["2026-11-03", "Run", "5km", "+run", "Swim", "1km", "#x", "Walk"]
        let hashings: [(String, ([UInt8]) -> UInt64)] = [
            ("real", { bytes in CanonicalLogLine.hash(bytes.span, 0..<bytes.count) }),
            ("all alike", { _ in 0xF00D }),
            ("top bits alike", { UInt64($0.count) }),
        ]
        for (name, hashing) in hashings {
            var lines: [[UInt8]] = []
            for _ in 0..<900 {
                let count = Int.random(in: 1...3, using: &rng)
                lines.append(
                    Array((0..<count).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ").utf8))
            }
            let text = Array(lines.map { $0 + [0x0A] }.joined())
            do {
                let buffer = text.span
                var all: [RepeatSearch.ActionLine] = []
                var expected: [(line: Int, earlier: Int)] = []
                var firstLine: [[UInt8]: Int] = [:]
                var offset = 0
                let seedCount = 100
                for (k, line) in lines.enumerated() {
                    let canonical = CanonicalLogLine.of(buffer, offset..<(offset + line.count))
                    all.append(RepeatSearch.ActionLine(line: k + 1, start: offset, hash: hashing(canonical)))
                    if let first = firstLine[canonical] {
                        if k >= seedCount { expected.append((k + 1, first)) }
                    } else {
                        firstLine[canonical] = k + 1
                    }
                    offset += line.count + 1
                }
                let seeds = Array(all[..<seedCount])
                let lists = [Array(all[seedCount..<350]), [], Array(all[350..<351]), Array(all[351...])]
                for perBucket in [1, 7, 64, RepeatSearch.linesPerBucket] {
                    let found = RepeatSearch.repeats(lists, seeds: seeds, text, linesPerBucket: perBucket)
                    let flat = zip(lists, found).flatMap { list, repeats in
                        repeats.map { (list[$0.position].line, $0.earlier) }
                    }
                    #expect(flat.map(\.0) == expected.map(\.line), "\(name), \(perBucket) per bucket")
                    #expect(flat.map(\.1) == expected.map(\.earlier), "\(name), \(perBucket) per bucket")
                }
                #expect(expected.count > 300 && firstLine.count > 50, "\(name)")
            }
        }
    }

    /// Property: the table of lines seen answers as a dictionary of
    /// canonical forms would (the first line of each form), whatever the
    /// hashes: equal hashes for different lines, equal slot bits or equal
    /// top halves (what a slot keeps of its hash), and a table that grows
    /// from its smallest size.
    @Test func repeatedLinesAnswerAsADictionaryWouldWhateverTheHashes() {
        var rng = SeededGenerator(seed: 41)
        let words = ["2026-11-03", "Run", "5km", "+run", "Swim", "1km", "#x"]
        let hashings: [(String, ([UInt8]) -> UInt64)] = [
            ("all alike", { _ in 7 }),
            ("same slot, top half by length", { UInt64($0.count) << 32 }),
            ("same top half, slot by length", { UInt64($0.count % 5) | 0xABCD_0000_0000_0000 }),
            ("real", { bytes in CanonicalLogLine.hash(bytes.span, 0..<bytes.count) }),
        ]
        for (name, hashing) in hashings {
            var lines: [[UInt8]] = []
            for _ in 0..<600 {
                let count = Int.random(in: 1...3, using: &rng)
                lines.append(
                    Array((0..<count).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ").utf8))
            }
            let text = lines.map { $0 + [0x0A] }.joined()
            var repeats = RepeatedLines(capacity: 0)
            var firstLine: [[UInt8]: Int] = [:]
            var offset = 0
            let whole = Array(text)
            do {
                let buffer = whole.span
                for (k, line) in lines.enumerated() {
                    let range = offset..<(offset + line.count)
                    let canonical = CanonicalLogLine.of(buffer, range)
                    let answer = repeats.earlier(buffer, start: range.lowerBound, id: k + 1, hash: hashing(canonical))
                    #expect(answer == firstLine[canonical], "\(name), line \(k + 1)")
                    if firstLine[canonical] == nil { firstLine[canonical] = k + 1 }
                    offset += line.count + 1
                }
            }
            #expect(firstLine.count > 20 && firstLine.count < 600, "\(name)")
        }
    }
}
