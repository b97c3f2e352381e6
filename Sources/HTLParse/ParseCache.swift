import HTLCore
import HTLModel
import Synchronization

/// Each file's parse, kept while its bytes (and what its parse depends on:
/// the measures for a log, the term length for a term) stay the same, and
/// each file's `unformatted` verdict, kept while its bytes stay the same.
/// One `htl` command uses a fresh cache; the language server keeps one, so
/// a keystroke re-parses only the file that changed.
package final class ParseCache: Sendable {
    /// One file's parse, by the kind of file it is.
    private enum Parse {
        case settings((Settings, [Finding]))
        case measures((MeasureCatalog, [Finding], Bool))
        case value((Value?, [Finding]))
        case term((Term?, [Finding]))
        case goal((Goal?, [Finding]))
        case log(LogParse)
    }

    /// A result kept with the bytes (and the dependency) it was made from.
    private struct Kept<Result> {
        var bytes: [UInt8]
        var dependency: [UInt8]
        var result: Result
    }

    /// Makes a file's `unformatted` verdict while the parser has it at hand:
    /// from a Markdown file's front matter, so its YAML is parsed once (a
    /// log the parser found canonical needs nothing more: `.canonical`).
    /// The loader hands over the checker's when the load formats.
    package typealias FormatJudge = @Sendable (SourceFile, FrontMatterParse) -> FormatVerdict

    private let parses = Mutex<[String: Kept<Parse>]>([:])
    private let verdicts = Mutex<[String: Kept<FormatVerdict>]>([:])
    private let judge: FormatJudge?
    /// Whether a log's parse looks for lines logged twice (`duplicate-action`,
    /// a warning unless `rules:` in the settings make it an error); a load
    /// that only counts errors may not need them.
    private let findsRepeats: @Sendable (Settings) -> Bool

    /// False for a cache that serves one load only (an `htl` command): no
    /// file is parsed twice in one load, so a parse is not kept, only each
    /// file's verdict (the checker asks for it after the parser made it).
    /// Ten thousand goal files were a look-up and a dictionary entry each for nothing.
    private let keepsParses: Bool

    public init(
        judge: FormatJudge? = nil, keepsParses: Bool = true,
        findsRepeats: @escaping @Sendable (Settings) -> Bool = { _ in true }
    ) {
        self.judge = judge
        self.keepsParses = keepsParses
        self.findsRepeats = findsRepeats
    }

    /// The kept parse of `file` if it is the kind `read` takes (and was
    /// made with `dependency`), else the one `make` computes, then kept.
    private func parse<T>(
        _ file: SourceFile, dependency: [UInt8] = [], reading read: (Parse) -> T?,
        making make: () -> Parse
    ) -> T {
        guard keepsParses else { return read(make())! }
        if let kept = parses.withLock({ $0[file.path] }), kept.bytes == file.bytes, kept.dependency == dependency,
            let result = read(kept.result)
        {
            return result
        }
        let made = make()
        parses.withLock { $0[file.path] = Kept(bytes: file.bytes, dependency: dependency, result: made) }
        return read(made)!
    }

    /// The verdict kept for `file` as it is now, if there is one.
    package func keptVerdict(_ file: SourceFile) -> FormatVerdict? {
        guard let kept = verdicts.withLock({ $0[file.path] }), kept.bytes == file.bytes else { return nil }
        return kept.result
    }

    /// The verdict kept for `file`, or the one `make` computes (then kept).
    package func formatVerdict(_ file: SourceFile, _ make: () -> FormatVerdict) -> FormatVerdict {
        if let kept = keptVerdict(file) { return kept }
        let made = make()
        keep(made, for: file)
        return made
    }

    private func keep(_ verdict: FormatVerdict, for file: SourceFile) {
        verdicts.withLock { $0[file.path] = Kept(bytes: file.bytes, dependency: [], result: verdict) }
    }

    /// Forgets files that are no longer part of the ledger.
    package func keep(only paths: Set<String>) {
        parses.withLock { parses in parses = parses.filter { paths.contains($0.key) } }
        verdicts.withLock { verdicts in verdicts = verdicts.filter { paths.contains($0.key) } }
    }

    func settings(_ file: SourceFile) -> (Settings, [Finding]) {
        parse(
            file, reading: { if case .settings(let parse) = $0 { parse } else { nil } },
            making: {
                .settings(SettingsDecoder.decode(file, YAMLFile.readYAML(file)))
            })
    }

    func measures(_ file: SourceFile) -> (MeasureCatalog, [Finding], Bool) {
        parse(
            file, reading: { if case .measures(let parse) = $0 { parse } else { nil } },
            making: {
                .measures(MeasuresDecoder.decode(file, YAMLFile.readYAML(file)))
            })
    }

    func value(_ file: SourceFile) -> (Value?, [Finding]) {
        parse(
            file, reading: { if case .value(let parse) = $0 { parse } else { nil } },
            making: {
                .value(ValueDecoder.decode(file, frontMatter(file)))
            })
    }

    func term(_ file: SourceFile, termWeeks: Int) -> (Term?, [Finding]) {
        parse(
            file, dependency: Array(String(termWeeks).utf8),
            reading: { if case .term(let parse) = $0 { parse } else { nil } },
            making: {
                .term(TermDecoder.decode(file, frontMatter(file), termWeeks: termWeeks))
            })
    }

    func goal(_ file: SourceFile) -> (Goal?, [Finding]) {
        parse(
            file, reading: { if case .goal(let parse) = $0 { parse } else { nil } },
            making: {
                .goal(GoalDecoder.decode(file, frontMatter(file)))
            })
    }

    /// A Markdown file's front matter, read once: its parse goes to the
    /// `judge` (when there is one) as well as to the decoder.
    private func frontMatter(_ file: SourceFile) -> YAMLFile {
        let yaml = YAMLFile.readFrontMatter(file)
        if let judge, let parse = yaml.frontMatter {
            _ = formatVerdict(file) { judge(file, parse) }
        }
        return yaml
    }

    /// A log's parse depends on the declared units (and on whether repeats
    /// are looked for). A log that changed is read again from the first
    /// line that changed (`LogReuse`).
    func log(_ file: SourceFile, measures: MeasureCatalog, judgesUnits: Bool, settings: Settings) -> LogParse {
        let repeats = findsRepeats(settings)
        // Whether the log is in fmt's form matters only to the `judge` (the `unformatted` verdict).
        let judgesFormat = judge != nil
        // Each measure's names on a line of their own, id first: a quantity is
        // its measure's position, so an alias `b` of `a` and a measure `b` differ.
        let names = measures.measures.map { ([$0.id] + $0.aliases).joined(separator: " ") }.joined(separator: "\n")
        let dependency = Array(names.utf8) + [0, judgesUnits ? 1 : 0, repeats ? 1 : 0, judgesFormat ? 1 : 0]
        let parser = LogParser(
            measures: measures, judgesUnits: judgesUnits, findsRepeats: repeats, judgesFormat: judgesFormat)
        guard keepsParses else { return keepingVerdict(parser.parse(file), file) }
        let kept = parses.withLock { $0[file.path] }
        let parse: LogParse
        if let kept, kept.dependency == dependency, case .log(let earlier) = kept.result {
            if kept.bytes == file.bytes { return keepingVerdict(earlier, file) }
            parse = parser.parse(file, after: (kept.bytes, earlier))
        } else {
            parse = parser.parse(file)
        }
        parses.withLock { $0[file.path] = Kept(bytes: file.bytes, dependency: dependency, result: .log(parse)) }
        return keepingVerdict(parse, file)
    }

    /// `parse`, once the verdict for a log it found canonical is kept too.
    private func keepingVerdict(_ parse: LogParse, _ file: SourceFile) -> LogParse {
        if judge != nil, parse.isCanonical == true { keep(.canonical, for: file) }
        return parse
    }
}
