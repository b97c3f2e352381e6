import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

/// Any bytes in any file give findings, never a crash, and every finding
/// points at a real line and column of the file it names.
@Suite struct BadInputPropertyTests {
    static let pieces: [[UInt8]] =
        [
            "---\n", "---", "\n", "\r\n", ": ", ":", "- ", "[", "]", "{", "}", "\"", "'", "#", " ", "\t", "title", "km",
            "2026-11-20", "2026-02-30", "07:10", "5km", "+run", "#tag", "017", "yes", "&a", "*a", "!!str", "|", ">",
            "é", "☕", "\u{FEFF}", "\0", "targets:\n  km: ", "values:\n  health: ", "\\",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]

    static func randomBytes(_ rng: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...60, using: &rng) {
            if Bool.random(using: &rng) {
                bytes += pieces.randomElement(using: &rng)!
            } else {
                bytes.append(UInt8.random(in: 0...255, using: &rng))
            }
        }
        return bytes
    }

    /// Flips, inserts and deletes bytes of a valid file.
    static func mutate(_ original: [UInt8], _ rng: inout SeededGenerator) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            guard !bytes.isEmpty else { break }
            let i = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: bytes[i] = UInt8.random(in: 0...255, using: &rng)
            case 1: bytes.insert(contentsOf: pieces.randomElement(using: &rng)!, at: i)
            default: bytes.remove(at: i)
            }
        }
        return bytes
    }

    static func assertPlaced(
        _ report: CheckReport, _ files: [SourceFile], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        for d in report.diagnostics {
            guard let file = files.first(where: { $0.path == d.location.path }) else {
                Issue.record("finding names a file that was not read: \(d.location)", sourceLocation: sourceLocation)
                continue
            }
            let lines = lineLengths(file.bytes)
            let ok =
                d.location.line >= 1 && d.location.line <= max(lines.count, 1)
                && d.location.column >= 1 && d.location.column <= (lines.isEmpty ? 1 : lines[d.location.line - 1] + 1)
            #expect(
                ok, "\(d.location) is outside \(file.path) (\(lines.count) lines): \(d.message)",
                sourceLocation: sourceLocation)
        }
    }

    /// Scalars per line (a stray continuation byte adds no column, a BOM none).
    static func lineLengths(_ bytes: [UInt8]) -> [Int] {
        var body = bytes
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        var lengths: [Int] = []
        var current = 0
        var open = false
        for (i, b) in body.enumerated() {
            if b == 0x0A {
                lengths.append(current)
                current = 0
                open = false
                continue
            }
            open = true
            if !(b == 0x0D && i + 1 < body.count && body[i + 1] == 0x0A) && b & 0xC0 != 0x80 {
                current += 1
            }
        }
        if open || lengths.isEmpty { lengths.append(current) }
        return lengths
    }

    @Test(arguments: [
        "htl.yaml", "measures.yaml", "values/health.md", "terms/term-1.md", "goals/run.md", "log/2026.log",
    ])
    func randomBytesInAnyFile(_ path: String) {
        var rng = SeededGenerator(seed: UInt64(path.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
        for _ in 0..<150 {
            var files = SampleLedger.files.map { SourceFile(path: $0.key, text: $0.value) }
            files.removeAll { $0.path == path }
            files.append(SourceFile(path: path, bytes: Self.randomBytes(&rng)))
            let loaded = LedgerParser.parse(files)
            let report = Checker.check(loaded, today: SampleLedger.today)
            Self.assertPlaced(report, loaded.files)
            _ = ProgressEngine.compute(loaded.ledger, today: SampleLedger.today)
        }
    }

    @Test(arguments: ["measures.yaml", "values/health.md", "terms/term-1.md", "goals/run.md", "log/2026.log"])
    func mutatedValidFiles(_ path: String) {
        var rng = SeededGenerator(seed: UInt64(path.utf8.count) &* 1_000_003)
        let original = Array(SampleLedger.files[path]!.utf8)
        for _ in 0..<200 {
            var files = SampleLedger.files.map { SourceFile(path: $0.key, text: $0.value) }
            files.removeAll { $0.path == path }
            files.append(SourceFile(path: path, bytes: Self.mutate(original, &rng)))
            let loaded = LedgerParser.parse(files)
            let report = Checker.check(loaded, today: SampleLedger.today)
            Self.assertPlaced(report, loaded.files)
            _ = ProgressEngine.compute(loaded.ledger, today: SampleLedger.today)
        }
    }

    @Test func emptyFilesOfEveryKind() {
        let files = SampleLedger.files.keys.map { SourceFile(path: $0, bytes: []) }
        let report = Checker.check(LedgerParser.parse(files), today: SampleLedger.today)
        #expect(
            report.diagnostics.map { "\($0.location) \($0.rule.rawValue)" } == [
                "goals/run.md:1:1 yaml-syntax",
                "htl.yaml:1:1 missing-field",
                "terms/term-1.md:1:1 yaml-syntax",
                "values/health.md:1:1 yaml-syntax",
            ])
    }

    @Test func byteOrderMarkAndCRLFFrontMatter() {
        let goal = "\u{FEFF}---\r\ntitle: Run 100 km\r\nimportance: 11\r\n---\r\n## Action plan\r\n- [x] shoes\r\n"
        let loaded = SampleLedger.load(SampleLedger.with(["goals/run.md": goal]))
        #expect(loaded.findings.map(\.location) == [SourceLocation(path: "goals/run.md", line: 3, column: 13)])
        #expect(loaded.ledger.goal("run")?.title == "Run 100 km")
        #expect(loaded.ledger.goal("run")?.hasActionPlan == true)
        #expect(loaded.ledger.goal("run")?.checklist.map(\.text) == ["shoes"])
    }

    @Test func unclosedFrontMatterAndMissingOpening() {
        let loaded = SampleLedger.load(
            SampleLedger.with([
                "goals/run.md": "---\ntitle: Run\n",
                "values/health.md": "title: Health\n",
            ]))
        #expect(
            loaded.findings.map(\.message) == [
                "the front matter is not closed: no '---' line after line 1",
                "the file must start with a '---' line that opens the front matter",
            ])
    }

    @Test func tenMegabyteFrontMatterLine() {
        let long = String(repeating: "x", count: 10_000_000)
        let loaded = SampleLedger.load(SampleLedger.with(["goals/run.md": "---\ntitle: \(long)\nurgency: 0\n---\n"]))
        #expect(loaded.findings.map(\.location) == [SourceLocation(path: "goals/run.md", line: 3, column: 10)])
    }
}
