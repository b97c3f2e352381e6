import HTLKit
import LedgerGenerator
import Testing

@testable import HTLJSON
@testable import HTLRender

/// Numbers and dates written straight into a JSON document's bytes.
@Suite struct JSONBytesTests {
    /// Decimals are written as `ExactDecimal.description` spells them, and
    /// times as "HH:MM": checked by hand, then against the String forms
    /// over every minute of a day and many decimals.
    @Test func decimalsAndTimesAsTheirDescriptions() {
        var out = JSONBytes()
        for text in ["0", "5.8", "-0.8", "0.000001", "-12.5", "100", "123456789012345.123456"] {
            out.append(try! ExactDecimal.parse(text).get())
            out.append(" ")
        }
        out.appendQuoted(ClockTime(hour: 7, minute: 5)!)
        out.appendQuoted(ClockTime(hour: 23, minute: 59)!)
        #expect(out.text == "0 5.8 -0.8 0.000001 -12.5 100 123456789012345.123456 \"07:05\"\"23:59\"")
        var rng = SeededGenerator(seed: 14)
        for _ in 0..<5000 {
            let value = ExactDecimal(
                millionths: Int128(Int64.random(in: -10_000_000_000_000...10_000_000_000_000, using: &rng))
                    / Int128([1, 10, 1000, 1_000_000].randomElement(using: &rng)!))
            var one = JSONBytes()
            one.append(value)
            #expect(one.text == value.description)
        }
        for minute in 0..<1440 {
            var one = JSONBytes()
            let time = ClockTime(hour: minute / 60, minute: minute % 60)!
            one.appendQuoted(time)
            #expect(one.text == "\"\(time)\"")
        }
    }

    /// Numbers at the edges of how they are written: each number of
    /// digits' first and last value, and decimals on both sides of 64 bits
    /// (written in 64-bit arithmetic below, in 128 above) and at the ends.
    @Test func numbersAtTheEdgesOfTheirWidths() {
        var tens: [Int] = [0]
        var power = 1
        for _ in 0...18 {
            tens += [power - 1, power, power + 1]
            if power <= Int.max / 10 { power *= 10 }
        }
        for n in tens + [Int.max - 1, Int.max] {
            var one = JSONBytes()
            one.append(n)
            #expect(one.text == String(n))
        }
        let wide = Int128(UInt64.max)
        for millionths in [
            wide - 1, wide, wide + 1, -wide, -wide - 1, Int128(Int64.min), .max, .min + 1,
            1_000_000 * Int128(UInt64.max),
        ] {
            let value = ExactDecimal(millionths: millionths)
            var one = JSONBytes()
            one.append(value)
            #expect(one.text == value.description)
        }
    }

    /// A quantity names its measure by its position in the ledger's
    /// catalog: the JSON writes the id found there, quoted once per catalog.
    @Test func anActionsMeasureIsTheCatalogsAtItsPosition() {
        let here = SourceLocation(path: "measures.yaml", line: 1, column: 1)
        let km = Measure(id: "km", location: here)
        let minutes = Measure(id: "min", location: here)
        let quantity = Action.Quantity(
            measureIndex: 0, amount: try! ExactDecimal.parse("5.8").get(), column: 30, written: nil)
        let action = Action(
            path: "log/2026.log", line: 3, date: CivilDate(year: 2026, month: 11, day: 20)!,
            time: ClockTime(hour: 7, minute: 5),
            description: "Morning \"run\"", quantities: [quantity], links: [Action.Link(goal: "run-100km", column: 40)],
            tags: ["outdoors"])
        func written(_ catalog: [Measure]) -> String {
            ReportJSON.action(action, goals: ["run-100km", "move"], measures: MeasureCatalog(measures: catalog))
                .serialized()
        }
        let expected = """
            {
              "path": "log/2026.log",
              "line": 3,
              "date": "2026-11-20",
              "time": "07:05",
              "description": "Morning \\"run\\"",
              "quantities": [
                {
                  "measure": "km",
                  "amount": 5.8
                }
              ],
              "goals": ["run-100km", "move"],
              "tags": ["outdoors"],
              "links": ["run-100km"]
            }

            """
        #expect(written([km, minutes]) == expected)
        #expect(written([minutes, km]) == expected.replacingAll("\"measure\": \"km\"", "\"measure\": \"min\""))
    }

    @Test func integersAndDates() {
        var out = JSONBytes()
        for n in [0, 7, 10, 99, 100, 2026, -1, -450, Int.max, Int.min] {
            out.append(n)
            out.append(" ")
        }
        for (y, m, d) in [(2026, 11, 23), (1, 1, 1), (9999, 12, 31), (987, 2, 9)] {
            out.appendQuoted(CivilDate(year: y, month: m, day: d)!)
        }
        #expect(
            out.text == "0 7 10 99 100 2026 -1 -450 9223372036854775807 -9223372036854775808 "
                + "\"2026-11-23\"\"0001-01-01\"\"9999-12-31\"\"0987-02-09\"")
    }

    /// A date is written as its description, quoted, at both ends of the
    /// years written with four digits and past them.
    @Test func aDateIsWrittenAsItsDescription() {
        let first = CivilDate(year: 1, month: 1, day: 1)!.dayNumber
        let last = CivilDate(year: 9999, month: 12, day: 31)!.dayNumber
        for day in Array((first - 400)...(first + 3)) + Array((last - 3)...(last + 3)) {
            let date = CivilDate(dayNumber: day)
            var out = JSONBytes()
            out.appendQuoted(date)
            #expect(out.text == "\"\(date.description)\"", "\(date)")
        }
    }

    /// Strings are copied whole when no byte may need an escape, decided
    /// eight bytes at a time: the same answer as looking at every byte, for
    /// every byte that matters at every offset, and the same document.
    @Test func escapesAreFoundWhereverTheyStand() {
        let special: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x22, 0x5C, 0x7F, 0xC2, 0xE2]
        func byteByByte(_ bytes: [UInt8]) -> Bool {
            bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
        }
        var random = SeededGenerator(seed: 61)
        for _ in 0..<2_000 {
            var bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                UInt8.random(in: 0x20...0x7E, using: &random)
            }
            .filter { $0 != 0x22 && $0 != 0x5C }
            if !bytes.isEmpty, Bool.random(using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = special.randomElement(using: &random)!
            }
            #expect(JSONBytes.mayNeedEscape(bytes.span) == byteByByte(bytes), "\(bytes)")
        }
        var out = JSONBytes()
        out.appendQuoted("plain text, longer than a word")
        out.appendQuoted("a quote \" at byte nine")
        out.appendQuoted("tab\tand a line\u{2028}separator")
        #expect(
            out.text
                == "\"plain text, longer than a word\"\"a quote \\\" at byte nine\"\"tab\\tand a line\\u2028separator\""
        )
        // C0, DEL, C1 and U+2029 escaped; characters that only share a lead byte with them kept.
        var more = JSONBytes()
        more.appendQuoted("\u{1}\u{7F}\u{85}\u{9F}\u{A0}é—\u{2029}\\\r")
        #expect(more.text == "\"\\u0001\\u007f\\u0085\\u009f\u{A0}é—\\u2029\\\\\\r\"")
    }

    /// An object written member by member (`JSONObjectWriter`, how goals
    /// are written) has the layout of the same object as a `JSON` tree,
    /// written at the top and inside a list, every kind of member in it:
    /// empty and filled lists and objects, nulls, escapes.
    @Test func anObjectWrittenByMembersIsLaidOutAsItsTree() {
        let day = CivilDate(year: 2026, month: 11, day: 20)!
        let amount = try! ExactDecimal.parse("-12.5").get()
        let tree: JSON = .object([
            ("id", .string("run-100km")), ("title", .string("A \"quoted\"\ttitle")), ("none", .null),
            ("count", .int(-3)), ("missing", .null), ("amount", .decimal(amount)), ("day", .date(day)),
            ("no_day", .null), ("done", .bool(true)), ("empty_list", .array([])),
            ("numbers", .array([.int(1), .int(2)])),
            ("words", .array([.string("a"), .string("b\\")])), ("no_objects", .array([])),
            ("objects", .array([.object([("n", .int(1))]), .object([])])), ("empty", .object([])),
            (
                "nested",
                .object([("inner", .object([("deep", .bool(false))])), ("tree", .array([.object([("x", .null)])]))])
            ),
        ])
        @Sendable func members(_ out: inout JSONBytes, indent: Int) {
            var o = JSONObjectWriter(&out, indent: indent)
            o.string("id", "run-100km", &out)
            o.string("title", "A \"quoted\"\ttitle", &out)
            o.string("none", nil, &out)
            o.int("count", -3, &out)
            o.int("missing", nil, &out)
            o.decimal("amount", amount, &out)
            o.date("day", day, &out)
            o.date("no_day", nil, &out)
            o.bool("done", true, &out)
            o.list("empty_list", [Int](), &out) { n, out in out.append(n) }
            o.list("numbers", [1, 2], &out) { n, out in out.append(n) }
            o.list("words", ["a", "b\\"], &out) { w, out in out.appendQuoted(w) }
            o.objects("no_objects", [Int](), &out) { _, _, _ in }
            o.objects("objects", [1, 0], &out) { n, inner, out in
                if n > 0 { inner.int("n", n, &out) }
            }
            o.object("empty", &out) { _, _ in }
            o.object("nested", &out) { n, out in
                n.object("inner", &out) { i, out in i.bool("deep", false, &out) }
                n.value("tree", .array([.object([("x", .null)])]), &out)
            }
            o.close(&out)
        }
        var top = JSONBytes()
        members(&top, indent: 0)
        top.append("\n")
        #expect(top.text == tree.serialized())
        let inList = JSON.object([
            ("goals", .array([.int(0), .writtenObject { out, indent in members(&out, indent: indent) }]))
        ])
        #expect(inList.serialized() == JSON.object([("goals", .array([.int(0), tree]))]).serialized())
        #expect(top.text.contains("\"empty_list\": [],\n  \"numbers\": [1, 2],") && top.text.contains("\"empty\": {},"))
    }
}
