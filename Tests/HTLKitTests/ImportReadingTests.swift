import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

@testable import HTLCore
@testable import HTLEdit
@testable import HTLExchange

/// The readers under `htl import`: CSV, ISO 8601 times, export numbers, ids
/// from titles, date formats, and descriptions that survive the log parser.
@Suite struct ImportReadingTests {
    @Test func csvReadsQuotesLineBreaksAndCRLF() throws {
        let text = "a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n\r\n,last,\n"
        let records = try CSV.records(Array(text.utf8))
        #expect(
            records == [
                CSV.Record(line: 1, fields: ["a", "b", "c"]),
                CSV.Record(line: 2, fields: ["x, y", "say \"hi\"", "two\nlines"]),
                CSV.Record(line: 5, fields: ["", "last", ""]),
            ])
        #expect(
            Self.written(["x, y", "say \"hi\"", "plain", " padded"])
                == "\"x, y\",\"say \"\"hi\"\"\",plain,\" padded\"\n")
    }

    /// One record as `CSVWriter` writes it.
    static func written(_ fields: [String]) -> String {
        var writer = CSVWriter()
        var bytes: [UInt8] = []
        writer.record(fields) { bytes += $0 }
        writer.finish { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func replacingMatchesBytesNotCharacters() {
        #expect("a\"\u{301}b".replacingAll("\"", "\"\"") == "a\"\"\u{301}b")
        #expect("x\r\ny\r\n".replacingAll("\r\n", "\n") == "x\ny\n")
        #expect("aaa".replacingAll("aa", "b") == "ba")
        #expect("été".replacingAll("é", "e") == "ete")
        #expect("plain".replacingAll("\"", "\"\"") == "plain")
        #expect("".replacingAll("a", "b") == "")
    }

    @Test func textIsCleanedLineByLine() {
        #expect(EntityText.paragraph("a \r\nb\t\r\rc\u{7}d  \u{7F}") == "a\nb\n\ncd")
        #expect(EntityText.paragraph("é\u{301} ok") == "é\u{301} ok")
        #expect(EntityText.paragraph("a\u{9B}31mb\u{85}c\u{A0}d") == "a31mbc\u{A0}d")
        #expect(" \n x y\t\r\n".trimmingSpaces == "x y")
        #expect("x y".trimmingSpaces == "x y")
        #expect(" \t".trimmingSpaces == "")
    }

    @Test func csvFailuresNameTheirLine() {
        #expect(throws: CSV.Failure(line: 2, message: "a quoted field is never closed")) {
            try CSV.records(Array("a\n\"open\n\nstill".utf8))
        }
        #expect(throws: CSV.Failure(line: 3, message: "the file is not valid UTF-8")) {
            try CSV.records([0x61, 0x0A, 0x62, 0x0A, 0xFF])
        }
    }

    /// Any fields written by `CSVWriter` read back the same.
    @Test func csvWritingReadsBack() throws {
        var random = SeededGenerator(seed: 17)
        // Unicode scalars, not Characters: a combining accent after a quote
        // makes one Character of the two, and the quote must still be doubled.
        let alphabet: [Unicode.Scalar] = ["a", "b", " ", ",", "\"", "\n", "\r", ";", "é", "\u{301}"]
        for _ in 0..<300 {
            let fields = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                String(
                    String.UnicodeScalarView(
                        (0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
                    ))
            }
            let line = Self.written(fields)
            let read = try CSV.records(Array(line.utf8))
            if fields == [""] {
                #expect(read.isEmpty)
                continue
            }
            // A lone CR inside a quoted field stays; outside quotes the writer always quotes it.
            #expect(read.map(\.fields) == [fields], "\(fields) → \(line)")
        }
    }

    @Test func isoTimesBecomeLocalDays() throws {
        let berlin: UTCOffset = { _ in 3600 }
        #expect(
            ExportTime.parse("2026-11-23T23:30:00Z")?.local(berlin).date == CivilDate(year: 2026, month: 11, day: 24))
        #expect(ExportTime.parse("2026-11-23T23:30:00Z")?.local(berlin).time == ClockTime(hour: 0, minute: 30))
        #expect(ExportTime.parse("2026-11-22T10:00:00.250+01:00")?.local(berlin).time == ClockTime(hour: 10, minute: 0))
        #expect(
            ExportTime.parse("2026-11-22T10:00:00-0500")
                == .instant(Int64(CivilDate(year: 2026, month: 11, day: 22)!.dayNumber) * 86_400 + 15 * 3600))
        #expect(ExportTime.parse("2026-11-22") == .day(CivilDate(year: 2026, month: 11, day: 22)!))
        #expect(
            ExportTime.parse("2026-11-22 07:05")
                == .local(CivilDate(year: 2026, month: 11, day: 22)!, ClockTime(hour: 7, minute: 5)!))
        // Before 1970 the day still rounds down.
        #expect(
            ExportTime.parse("1969-12-31T23:00:00Z")?.local({ _ in 0 }).date
                == CivilDate(year: 1969, month: 12, day: 31))
        for bad in ["", "2026-02-30", "2026-11-22T25:00", "2026-11-22T10:00Zulu", "22/11/2026", "2026-11-22T10:00+1"] {
            #expect(ExportTime.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func exportNumbersAreExact() {
        let cases: [(String, String?)] = [
            ("5.8", "5.8"), ("90.0", "90"), ("1e3", "1000"), ("2.5E-1", "0.25"),
            ("0.3333333333333333", "0.333333"), ("0.0000005", "0"), ("0.0000015", "0.000002"),
            ("-2", "-2"), ("+4", "4"), ("", nil), ("five", nil), ("1.2.3", nil), ("1e999", nil),
        ]
        for (text, expected) in cases {
            #expect(ImportNumber.decimal(text)?.description == expected, "\(text)")
        }
    }

    @Test func idsComeFromTitlesAndNeverCollide() {
        var ids = IDAllocator(taken: ["run-100-km"])
        #expect(ids.id(for: "Run 100 km", fallback: "goal") == "run-100-km-2")
        #expect(ids.id(for: "Run 100 km", fallback: "goal") == "run-100-km-3")
        #expect(ids.id(for: "Crème brûlée für Jürgen", fallback: "goal") == "creme-brulee-fur-jurgen")
        #expect(ids.id(for: "日本語", fallback: "goal") == "goal")
        #expect(ids.id(for: "!!!", fallback: "goal") == "goal-2")
        let long = ids.id(for: String(repeating: "word ", count: 40), fallback: "goal")
        #expect(long.utf8.count <= 64 && !long.hasSuffix("-") && Identifier.isValidEntityID(long))
    }

    /// A mark whose id is not well formed is not read as one (a space or
    /// `-->` in it is what a crafted id left there).
    @Test func onlyWellFormedMarksAreRead() {
        let files = [
            SourceFile(
                path: "log/2026.log",
                text: "# imported: tenweek action E1 2026\n2026-11-20 Run 5km\n"
                    + "# imported: tenweek action E2\n2026-11-21 Run 5km\n"),
            SourceFile(path: "goals/a.md", text: "---\ntitle: A\n---\n<!-- imported: tenweek goal A-->B -->\n"),
            SourceFile(path: "goals/b.md", text: "---\ntitle: B\n---\n<!-- imported: tenweek goal B_1 -->\n"),
        ]
        #expect(
            Provenance(files: files).marks.map { "\($0.kind) \($0.uuid) \($0.path)" } == [
                "action E2 log/2026.log", "goal B_1 goals/b.md",
            ])
        #expect(Provenance.isWellFormed("C0000000-0000-4000-8000-000000000001"))
        for bad in ["", "a b", "a\nb", "a-->", "é", String(repeating: "a", count: 65)] {
            #expect(!Provenance.isWellFormed(bad), "\(bad)")
        }
    }

    /// An id from a title folds only the title's start: the scalars of a
    /// 200,000-character title are read up to the 256 bytes the id is made
    /// of (and one more to see there are more), not all of them.
    @Test func idsFromLongTitlesReadOnlyTheirStart() {
        final class Counted: Sequence, IteratorProtocol {
            var read = 0
            let total: Int
            init(_ total: Int) { self.total = total }
            func next() -> Unicode.Scalar? {
                guard read < total else { return nil }
                read += 1
                return "é"
            }
        }
        let title = Counted(200_000)
        #expect(IDAllocator.folded(title, upTo: 256) == [UInt8](repeating: UInt8(ascii: "e"), count: 256))
        #expect(title.read == 257)
        let long = String(repeating: "é", count: 200_000)
        #expect(IDAllocator.slug(long) == String(repeating: "e", count: 64))
        #expect(
            IDAllocator.slug(String(repeating: "Crème ", count: 50_000)) == String(repeating: "creme-", count: 10)
                + "crem")
        // Only the first 256 bytes count, as before: punctuation that fills them leaves no id.
        #expect(IDAllocator.slug(String(repeating: "!", count: 300) + "run") == nil)
        #expect(
            Identifier.suggestedID(String(repeating: "ab ", count: 100_000)) == String(repeating: "ab-", count: 21)
                + "a")
    }

    @Test func dateFormatsReadWhatFitnessAppsWrite() throws {
        let strava = try #require(DateFormat("%b %d, %Y, %I:%M:%S %p"))
        #expect(strava.read("Nov 2, 2026, 12:05:00 AM")?.time == ClockTime(hour: 0, minute: 5))
        #expect(strava.read("November 2, 2026, 12:05:00 PM")?.time == ClockTime(hour: 12, minute: 5))
        let european = try #require(DateFormat("%d.%m.%y"))
        #expect(european.read("3.11.26")?.date == CivilDate(year: 2026, month: 11, day: 3))
        #expect(european.read("31.02.26") == nil)
        #expect(european.read("3.11.2026") == nil)
        #expect(DateFormat("%Q") == nil)
        #expect(DateFormat("%H:%M") == nil)
    }

    /// Whatever a title holds, the description htl writes reads back as the
    /// same words, with no quantity, link or tag conjured from it.
    @Test func descriptionsSurviveTheLogParser() {
        var random = SeededGenerator(seed: 5)
        let pieces = [
            "run", "5", "5km", "+goal", "#tag", "\"", "\\", "-2", ".5", "07:10", "x", "é", "km", "1st", "3x", "\u{7}",
        ]
        for _ in 0..<300 {
            let title = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined(separator: Bool.random(using: &random) ? " " : "")
            let text = ActionLineText.description(title)
            let parsed = SampleLedger.load([
                "htl.yaml": "htl: 1\n", "measures.yaml": "km:\n  type: distance\n",
                "log/2026.log": "2026-11-20 \(text) 1km\n",
            ])
            let action = parsed.ledger.actions.first
            let words = EntityText.paragraph(title).split { $0 == " " || $0 == "\t" || $0 == "\n" }.joined(
                separator: " ")
            #expect(action?.description == words, "\(title) → \(text)")
            #expect(
                action?.quantities.count == 1 && action?.links.isEmpty == true && action?.tags.isEmpty == true,
                "\(title) → \(text)")
        }
    }
}
