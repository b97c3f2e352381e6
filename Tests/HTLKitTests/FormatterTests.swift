import Foundation
import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

@testable import HTLCheck
@testable import HTLCore
@testable import HTLEdit
@testable import HTLFormat
@testable import HTLLoad
@testable import HTLModel
@testable import HTLParse
@testable import HTLProgress
@testable import HTLRender
@testable import HTLSystem

/// `htl fmt`: golden in/out pairs, idempotence, meaning kept, minimal diffs.
@Suite struct FormatterTests {
    /// Where a fixture of each kind sits in the sample ledger.
    static let placement = [
        "goal": "goals/run.md", "value": "values/health.md", "term": "terms/term-1.md",
        "measures": "measures.yaml", "settings": "htl.yaml", "log": "log/2026.log",
    ]

    static var cases: [String] {
        let folder = Paths.root.appendingPathComponent("Fixtures/fmt").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".in") }.map { String($0.dropLast(3)) }.sorted()
    }

    static func input(_ name: String) throws -> (path: String, bytes: [UInt8]) {
        let kind = String(name.split(separator: ".").last!)
        let bytes = [UInt8](try Data(contentsOf: Paths.root.appendingPathComponent("Fixtures/fmt/\(name).in")))
        return (placement[kind]!, bytes)
    }

    static func ledger(replacing path: String, with bytes: [UInt8]) -> [SourceFile] {
        SampleLedger.files.filter { $0.key != path }.map { SourceFile(path: $0.key, text: $0.value) }
            + [SourceFile(path: path, bytes: bytes)]
    }

    /// What the ledger means (its model with positions erased).
    static func meaning(_ files: [SourceFile]) -> Ledger {
        LedgerParser.parse(files).ledger.meaning()
    }

    /// Which parts of two meanings differ, for a failure message.
    static func difference(_ a: Ledger, _ b: Ledger) -> String {
        var out: [String] = []
        if a.settings != b.settings { out.append("settings") }
        if a.measures != b.measures { out.append("measures") }
        for (x, y) in zip(a.values, b.values) where x != y { out.append("value \(x.id)") }
        for (x, y) in zip(a.terms, b.terms) where x != y { out.append("term \(x.id)") }
        for (x, y) in zip(a.goals, b.goals) where x != y { out.append("goal \(x.id): \(x) vs \(y)") }
        if a.actions != b.actions { out.append("actions") }
        return out.joined(separator: "\n")
    }

    @Test(arguments: cases)
    func goldenOutput(_ name: String) throws {
        let (path, bytes) = try Self.input(name)
        let errors = SampleLedger.check(
            Dictionary(
                uniqueKeysWithValues: Self.ledger(replacing: path, with: bytes)
                    .map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
        ).diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(name) has errors: \(errors.map(\.message))")
        let formatted = try #require(Formatter.canonical(SourceFile(path: path, bytes: bytes)), "\(name) was refused")
        Golden.check(String(decoding: formatted, as: UTF8.self), against: "Fixtures/fmt/\(name).out")
        // Idempotent.
        #expect(
            Formatter.canonical(SourceFile(path: path, bytes: formatted)) == formatted,
            "\(name): second pass changed it")
        // Meaning kept.
        #expect(
            Self.meaning(Self.ledger(replacing: path, with: bytes))
                == Self.meaning(Self.ledger(replacing: path, with: formatted)),
            "\(name): the model changed")
        // Canonical files raise no `unformatted`.
        let report = Checker.check(
            LedgerParser.parse(Self.ledger(replacing: path, with: formatted)), today: SampleLedger.today)
        #expect(!report.diagnostics.contains { $0.rule == .unformatted })
    }

    @Test func everyDocumentedCaseHasAFixture() {
        for needed in [
            "scrambled-keys", "crlf-bom", "trailing-spaces", "comments", "quotes-unneeded", "quotes-needed",
            "quotes-colon-hash", "block-lists", "unicode", "empty-body", "no-final-newline", "whitespace",
        ] {
            #expect(Self.cases.contains { $0.hasPrefix(needed + ".") }, "no fmt fixture for \(needed)")
        }
    }

    @Test func changingOneValueChangesOnlyItsLine() throws {
        let (path, bytes) = try Self.input("comments.goal")
        let formatted = try #require(Formatter.canonical(SourceFile(path: path, bytes: bytes)))
        let text = String(decoding: formatted, as: UTF8.self)
        for (old, new) in [
            ("target: 2027-01-10", "target: 2027-02-10"), ("health: 9", "health: 7"),
            ("title: Run 100 km", "title: yes"), ("km: 100", "km: 120"),
        ] {
            #expect(text.contains(old), "\(old)")
            let edited = text.replacingOccurrences(of: old, with: new)
            let again = String(
                decoding: try #require(Formatter.canonical(SourceFile(path: path, text: edited))), as: UTF8.self)
            let before = text.split(separator: "\n", omittingEmptySubsequences: false)
            let after = again.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(before.count == after.count)
            let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            #expect(changed.count == 1, "\(old) → \(new) changed lines \(changed)")
        }
    }

    /// The language server keeps each file's `unformatted` verdict in its
    /// parse cache: the verdict still follows every change of the bytes.
    @Test func cachedUnformattedVerdictFollowsTheBytes() {
        let cache = ParseCache()
        func unformatted(_ goal: String) -> [Int] {
            let files = SampleLedger.with(["goals/run.md": goal]).map { SourceFile(path: $0.key, text: $0.value) }
            let parsed = LedgerParser.parse(files, cache: cache)
            return Checker.check(parsed, today: SampleLedger.today, cache: cache).diagnostics.filter {
                $0.rule == .unformatted
            }.map(\.location.line)
        }
        let canonical = SampleLedger.files["goals/run.md"]!
        let scrambled = canonical.replacingOccurrences(of: "term: 1\n", with: "").replacingOccurrences(
            of: "title:", with: "term: 1\ntitle:")
        #expect(unformatted(canonical) == [])
        #expect(unformatted(scrambled) == [2])
        #expect(unformatted(scrambled) == [2])
        #expect(unformatted(canonical) == [])
        // A kept "no finding" is kept like any other answer: asked again, not computed again.
        var computed = 0
        let other = SourceFile(path: "goals/other.md", text: canonical)
        for _ in 0..<3 {
            _ = cache.formatVerdict(other) {
                computed += 1
                return FormatVerdict(finding: nil, isCanonical: false)
            }
        }
        #expect(computed == 1)
    }

    @Test func filesThatDoNotFitTheSchemaAreRefused() {
        for text in [
            "---\ntitle: [a, b]\n---\n", "---\ntitle: &x Run\nstart: *x\n---\n", "---\ntitel: Run\n---\n",
            "---\ntitle: Run\n",
        ] {
            #expect(Formatter.canonical(SourceFile(path: "goals/run.md", text: text)) == nil, "\(text)")
        }
        #expect(Formatter.canonical(SourceFile(path: "goals/run.md", bytes: [0x2D, 0x2D, 0x2D, 0x0A, 0xFF])) == nil)
    }

    /// Property: the fast "already canonical?" test of logs agrees with formatting.
    @Test func logCanonicalTestAgreesWithTheFormatter() {
        var rng = SeededGenerator(seed: 11)
        let pieces = [
            "2026-11-03", " ", "  ", "\t", "Run", "5km", "+run", "#tag", "\"a  b\"", "\"x\\\"y\"", "#", "\n", "\r\n",
            "\n\n",
            "\r", "longer-words-here",
        ]
        for _ in 0..<4000 {
            let bom = Int.random(in: 0..<5, using: &rng) == 0 ? "\u{FEFF}" : ""
            let text =
                bom + (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let bytes = Array(text.utf8)
            let formatted = LogFormatter.format(bytes.span)
            #expect(LogFormatter.isCanonical(bytes) == (formatted == bytes), "\(text.debugDescription)")
            #expect(
                LogFormatter.isCanonical(formatted),
                "\(text.debugDescription) → \(String(decoding: formatted, as: UTF8.self).debugDescription)")
        }
    }

    /// Property: hundreds of generated messy files format idempotently and keep their meaning.
    @Test func messyFilesFormatIdempotentlyAndKeepMeaning() throws {
        var rng = SeededGenerator(seed: 7)
        let synthetic = SyntheticLedger.files(goals: 10, logLines: 60, seed: 3)
        var checked = 0
        for round in 0..<300 {
            let source = synthetic.filter {
                $0.path.hasPrefix("goals/") || $0.path.hasPrefix("values/") || $0.path.hasPrefix("terms/")
                    || $0.path == "measures.yaml" || $0.path.hasPrefix("log/")
            }
            .randomElement(using: &rng)!
            let messy = MessyText.mess(source.text, path: source.path, &rng)
            let files =
                synthetic.filter { $0.path != source.path }.map { SourceFile(path: $0.path, text: $0.text) }
                + [SourceFile(path: source.path, bytes: messy)]
            let formatted = try #require(
                Formatter.canonical(SourceFile(path: source.path, bytes: messy)),
                "round \(round): refused \(source.path):\n\(String(decoding: messy, as: UTF8.self))")
            #expect(
                Formatter.canonical(SourceFile(path: source.path, bytes: formatted)) == formatted,
                "round \(round): not idempotent")
            let canonicalFiles =
                files.filter { $0.path != source.path } + [SourceFile(path: source.path, bytes: formatted)]
            let before = Self.meaning(files)
            let after = Self.meaning(canonicalFiles)
            #expect(
                before == after,
                Comment(
                    rawValue: "round \(round): meaning changed in \(source.path)\n"
                        + "\(String(decoding: messy, as: UTF8.self))\n---\n"
                        + "\(String(decoding: formatted, as: UTF8.self))\n\(Self.difference(before, after))")
            )
            checked += 1
        }
        #expect(checked == 300)
    }

    @Test func fmtKeepsCommentsAfterQuotesAndMultiLineScalars() throws {
        let texts = [
            "---\ntitle: Health 'strong # keep me 1\ndomain: say \"hi # keep me 2\nguidance: Move every\n  day # keep "
                + "me 3\n---\n",
            "---\ntitle: \"Health\n  and strength\" # keep me 4\nguidance: |  # keep me 5\n  # not a comment\n  line "
                + "two\n---\n",
        ]
        for text in texts {
            let out = String(
                decoding: try #require(Formatter.canonical(SourceFile(path: "values/health.md", text: text))),
                as: UTF8.self)
            for n in 1...5 where text.contains("keep me \(n)") {
                #expect(out.contains("# keep me \(n)"), "comment \(n) lost:\n\(out)")
            }
            #expect(Formatter.canonical(SourceFile(path: "values/health.md", text: out)) == Array(out.utf8))
        }
    }

    @Test func fmtIsIdempotentWithRunsOfCarriageReturns() throws {
        let once = try #require(
            Formatter.canonical(
                SourceFile(path: "values/health.md", text: "---\ntitle: Health\n---\nBody line\r\r\nlast\r\r")))
        #expect(String(decoding: once, as: UTF8.self) == "---\ntitle: Health\n---\nBody line\nlast\n")
        #expect(Formatter.canonical(SourceFile(path: "values/health.md", bytes: once)) == once)
    }

    @Test func controlCharactersThatLibyamlCannotReadAreEscaped() throws {
        let text = "---\ntitle: \"Health\\x80 \\uFFFE\"\n---\n"
        let out = try #require(Formatter.canonical(SourceFile(path: "values/health.md", text: text)))
        #expect(String(decoding: out, as: UTF8.self) == "---\ntitle: \"Health\\x80 \\uFFFE\"\n---\n")
        #expect(!YAMLScalarWriter.isPlainSafe("a\u{80}b", inFlow: false))
    }

    /// Every ASCII character between two letters: only controls, DEL and,
    /// in a flow list, `, [ ] { }` keep a scalar from being written plain
    /// (a `#` or `:` next to letters is text). Then the characters that
    /// matter only where they stand, and the non-ASCII ones YAML escapes.
    @Test func whichCharactersKeepAScalarFromBeingPlain() {
        for byte in UInt8(0)...0x7F {
            let text = "a" + String(UnicodeScalar(byte)) + "b"
            let unsafe = byte < 0x20 || byte == 0x7F
            #expect(YAMLScalarWriter.isPlainSafe(text, inFlow: false) == !unsafe, "\(byte)")
            #expect(
                YAMLScalarWriter.isPlainSafe(text, inFlow: true) == !(unsafe || ",[]{}".utf8.contains(byte)), "\(byte)")
        }
        for (text, plain) in [
            ("a #b", false), ("a# b", true), ("a: b", false), ("a:", false), ("a:b", true),
            ("a\u{85}b", false), ("a\u{A0}b", true), ("a\u{2028}b", false), ("a\u{2029}b", false),
            ("a\u{2030}b", true), ("a\u{FEFF}b", false), ("a\u{FFFE}b", false), ("a\u{FFFD}b", true),
        ] {
            #expect(YAMLScalarWriter.isPlainSafe(text, inFlow: false) == plain, "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// YAML 1.1 reads these words as booleans, nulls or numbers: written
    /// quoted. Words of the same lengths that are none of them stay plain.
    @Test func specialWordsAreQuotedAndTheirNeighboursAreNot() {
        for word in YAMLScalarWriter.specialWords {
            #expect(YAMLScalarWriter.text(word) == "\"\(word)\"", "\(word)")
            #expect(YAMLScalarWriter.text(word, inFlow: true) == "\"\(word)\"", "\(word)")
        }
        for word in [
            "o", "yES", "nO", "tRUE", "nul", "nulls", "Nulll", "inf", "FALSe", "title", "tags", "term", "offs", "<<<",
            "==", "target",
        ] {
            #expect(YAMLScalarWriter.text(word) == word, "\(word)")
        }
    }

    @Test func nullIsTheEmptyScalarATildeAndThreeSpellingsOfNull() throws {
        let yaml = Array(
            "a:\nb: ~\nc: null\nd: Null\ne: NULL\nf: nul\ng: nULL\nh: ~~\ni: \"~\"\nj: nulls\nk: 'null'\n".utf8)
        let pairs = try #require(YAMLParser.parse(yaml[...], path: "x.yaml", firstLine: 1).root?.pairs)
        #expect(pairs.count == 11)
        #expect(pairs.filter(\.value.isNull).map(\.name) == ["a", "b", "c", "d", "e"])
    }

    @Test func diffMemoryIsBoundedAndLargeRewritesBecomeOneHunk() {
        let old = Array(String(repeating: "2026-11-20 run 1km\r\n", count: 5000).utf8)
        let new = Array(String(repeating: "2026-11-20 run 1km\n", count: 5000).utf8)
        let diff = UnifiedDiff.render(old: old, new: new, path: "log/2026.log")
        #expect(diff.hasPrefix("--- a/log/2026.log\n+++ b/log/2026.log\n@@ -1,5000 +1,5000 @@\n"))
        #expect(diff.utf8.split(separator: 0x0A).count == 3 + 10_000)
    }
}

/// Makes canonical ledger text messy in ways a person's editor might.
enum MessyText {
    static func mess(_ text: String, path: String, _ rng: inout SeededGenerator) -> [UInt8] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        if path.hasSuffix(".md"), let close = lines.dropFirst().firstIndex(of: "---") {
            var keys = Array(lines[1..<close])
            keys = shuffledTopLevel(keys, &rng)
            keys = keys.flatMap { line -> [String] in
                var out = [line]
                if Int.random(in: 0..<5, using: &rng) == 0 { out.insert("# note about the next key", at: 0) }
                if Int.random(in: 0..<6, using: &rng) == 0, !line.hasPrefix(" ") { out[out.count - 1] += "   # eol" }
                if let r = line.range(of: ": "), Int.random(in: 0..<4, using: &rng) == 0, !line.contains("#"),
                    !line.contains("[")
                {
                    let value = line[r.upperBound...]
                    out[out.count - 1] = line[..<r.upperBound] + "\"" + value + "\""
                }
                if line.hasPrefix("tags: ["), Bool.random(using: &rng) {
                    let items = line.dropFirst(7).dropLast().split(separator: ",").map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }
                    out[out.count - 1] = "tags:"
                    out += items.map { "  - \($0)" }
                }
                return out
            }
            lines = [lines[0]] + keys + Array(lines[close...])
        }
        lines = lines.map {
            Int.random(in: 0..<4, using: &rng) == 0
                ? $0 + String(repeating: " ", count: Int.random(in: 1...3, using: &rng)) : $0
        }
        if path.hasSuffix(".log") {
            lines = lines.map { $0.replacingOccurrences(of: " ", with: Bool.random(using: &rng) ? "  " : " \t") }
        }
        var joined = lines.joined(separator: Bool.random(using: &rng) ? "\r\n" : "\n")
        if Bool.random(using: &rng) { joined += "\n" }
        if Int.random(in: 0..<3, using: &rng) == 0 { joined += "\n\n" }
        var bytes = Array(joined.utf8)
        if Int.random(in: 0..<5, using: &rng) == 0 { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        return bytes
    }

    /// Shuffles top-level keys, keeping each key's indented lines with it.
    static func shuffledTopLevel(_ lines: [String], _ rng: inout SeededGenerator) -> [String] {
        var groups: [[String]] = []
        for line in lines {
            if line.hasPrefix(" ") || line.hasPrefix("-"), !groups.isEmpty {
                groups[groups.count - 1].append(line)
            } else {
                groups.append([line])
            }
        }
        // Some groups get their nested lines indented by four spaces instead of two.
        return groups.shuffled(using: &rng).flatMap { group in
            Bool.random(using: &rng)
                ? group : [group[0]] + group.dropFirst().map { $0.hasPrefix("  ") ? "  " + $0 : $0 }
        }
    }
}
