import HTLCore
import HTLModel
import LedgerGenerator
import Testing

@testable import HTLCheck
@testable import HTLFormat
@testable import HTLParse

/// `unformatted` is decided on the tree the parser built for a file's front
/// matter. It must be the verdict a fresh parse gives, on any text: front
/// matter with carriage returns, byte order marks, delimiters with blanks
/// after them, comments, broken YAML.
@Suite struct ParseOnceTests {
    static let goals = [
        RuleExample.goal(),
        "---\n# why\ntitle: Run   100 km  # a note\ntargets: {km: 100}\nvalues:\n  health: 9\n---\n## Action plan\n- "
            + "Go.\n",
        "---\r\ntitle: Run\r\ntargets:\r\n  km: 5\r\n---\r\nbody\r\n",
        "\u{FEFF}---\ntitle: \"Quoted\"\ntags: [a,b]\n---\n",
        "---\ntitle: x\n---\r\r\nkm: 5\n---\nbody\n",
    ]
    static let pieces = [
        "\r", "\r\n", "\n", "---", "---\r\r\n", "\u{FEFF}", "#", " ", "  ", "\t", ": ", "- ", "[", "]", "\"",
        "title: y\n", "km: 5\n",
    ]

    static func mutate(_ text: String, _ rng: inout SeededGenerator) -> [UInt8] {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            let i = Int.random(in: 0...bytes.count, using: &rng)
            if Bool.random(using: &rng), i < bytes.count {
                bytes.remove(at: i)
            } else {
                bytes.insert(contentsOf: Array(pieces.randomElement(using: &rng)!.utf8), at: i)
            }
        }
        return bytes
    }

    @Test func theParsersTreeGivesTheVerdictOfAFreshParse() {
        var rng = SeededGenerator(seed: 2026)
        var reused = 0
        for round in 0..<4000 {
            let text = Self.goals[round % Self.goals.count]
            let file = SourceFile(
                path: "goals/g.md", bytes: round < Self.goals.count ? Array(text.utf8) : Self.mutate(text, &rng))
            let parsed = YAMLFile.readFrontMatter(file).frontMatter
            let fresh = Formatter.canonical(file, verify: false)
            #expect(Formatter.canonical(file, verify: false, parsed: parsed) == fresh, "\(Array(file.bytes))")
            #expect(
                RuleDescriptor.unformattedFinding(file, parsed: parsed)?.location
                    == RuleDescriptor.unformattedFinding(file)?.location)
            if parsed != nil, fresh != nil { reused += 1 }
        }
        // Most texts still parse: the shortcut is exercised, not skipped.
        #expect(reused > 1000)
    }

    /// The checker takes the verdict made at parse time from the shared
    /// cache: a judge that answers something else shows which one was read.
    /// A canonical log's verdict is kept by the parse as well.
    @Test func theCheckerReadsTheVerdictMadeWhileParsing() {
        let marker = Finding(
            .unformatted, SourceLocation(path: "goals/run.md", line: 1, column: 1), "made while parsing")
        let cache = ParseCache(judge: { _, _ in FormatVerdict(finding: marker, isCanonical: false) })
        // The rules' clean example ledger: no errors, so `unformatted` is reported.
        let files =
            RuleExample.base.map { SourceFile(path: $0.path, bytes: Array($0.text.utf8)) }
            + [SourceFile(path: "goals/run.md", bytes: Array(RuleExample.goal().utf8))]
        let parsed = LedgerParser.parse(files, cache: cache)
        let markdown = files.filter { $0.path.hasSuffix(".md") }
        let log = files.filter { $0.path.hasSuffix(".log") }
        #expect(markdown.count == 4 && log.count == 1)
        #expect(log.map { cache.keptVerdict($0)?.isCanonical } == [true])
        let report = Checker.check(parsed, today: RuleExample.today, cache: cache)
        // Every Markdown file's verdict came from the parse (the marker names one place).
        #expect(
            report.diagnostics.filter { $0.rule == .unformatted }.map(\.message)
                == Array(repeating: "made while parsing", count: markdown.count))
    }

    /// `htl fmt` asks the load's cache whether a file is canonical: known
    /// for a canonical file parsed with `unformatted`, not for one fmt would
    /// change, nor once the bytes differ from those the verdict was made on.
    @Test func fmtKnowsWhichFilesTheParseFoundCanonical() {
        let cache = ParseCache(judge: Checker.judgeOnParse)
        let messy = SourceFile(path: "goals/messy.md", bytes: Array("---\ntags: [a]\ntitle: Messy\n---\n".utf8))
        let files =
            RuleExample.base.map { SourceFile(path: $0.path, bytes: Array($0.text.utf8)) }
            + [SourceFile(path: "goals/run.md", bytes: Array(RuleExample.goal().utf8)), messy]
        let parsed = LedgerParser.parse(files, cache: cache)
        _ = Checker.check(parsed, today: RuleExample.today, cache: cache)
        let known = files.filter { Checker.isKnownCanonical($0, cache: cache) }.map(\.path)
        #expect(known == files.map(\.path).filter { $0 != "goals/messy.md" })
        #expect(
            !Checker.isKnownCanonical(
                SourceFile(path: "goals/run.md", bytes: Array(RuleExample.goal().utf8) + [0x0A]), cache: cache))
    }

    /// A log's parse is kept for the measures it was read against, told
    /// apart by which names are ids and which aliases: `b` an alias of `a`
    /// is not the measure `b` (a quantity names its measure by position).
    @Test func aKeptLogParseIsForTheSameMeasuresOnly() {
        let cache = ParseCache()
        func measureOfTheQuantity(_ measures: String) -> [String] {
            let files = [
                SourceFile(path: "measures.yaml", bytes: Array(measures.utf8)),
                SourceFile(path: "log/2026.log", bytes: Array("2026-11-20 Run 1b\n".utf8)),
            ]
            let ledger = LedgerParser.parse(files, cache: cache).ledger
            return ledger.actions.flatMap { $0.quantities.map { $0.measure(in: ledger.measures) } }
        }
        #expect(measureOfTheQuantity("a:\n  aliases: [b]\n") == ["a"])
        #expect(measureOfTheQuantity("a:\nb:\n") == ["b"])
        #expect(measureOfTheQuantity("a:\n  aliases: [b]\n") == ["a"])
    }
}
