import HTLCore
import HTLModel
import Synchronization

/// Each file's parse, kept while its bytes (and what its parse depends on:
/// the measures for a log, the term length for a term) stay the same. One
/// `htl` command uses a fresh cache; the language server keeps one, so a
/// keystroke re-parses only the file that changed.
package final class ParseCache: Sendable {
    private struct Entry {
        var bytes: [UInt8]
        var dependency: [UInt8]
        var result: any Sendable
    }

    /// A file's parse (`kind` empty), or a result a layer above computes from its bytes alone.
    private struct Key: Hashable {
        var kind: String
        var path: String

        /// By path alone: a path has one or two kinds of entry, and equal
        /// keys still compare both (hashing the kind too was a third of the
        /// cost of a look-up, a few per file).
        func hash(into hasher: inout Hasher) {
            hasher.combine(path)
        }
    }

    /// A result a layer above computes while the parser has a file at hand
    /// (the checker's `unformatted` verdict), kept as `derived(kind, file)`
    /// would keep it: from a Markdown file's front matter, so the YAML is
    /// parsed once; and, for a log the parser found already canonical, the
    /// verdict for such a file, so the log is not read a second time.
    package struct ParseUse: Sendable {
        package var kind: String
        package var fromFrontMatter: @Sendable (SourceFile, FrontMatterParse) -> any Sendable
        package var forCanonicalLog: any Sendable

        package init(kind: String, forCanonicalLog: any Sendable,
                     fromFrontMatter: @escaping @Sendable (SourceFile, FrontMatterParse) -> any Sendable) {
            self.kind = kind
            self.forCanonicalLog = forCanonicalLog
            self.fromFrontMatter = fromFrontMatter
        }
    }

    private let entries = Mutex<[Key: Entry]>([:])
    private let use: ParseUse?
    /// Whether a log's parse looks for lines logged twice (`duplicate-action`,
    /// a warning unless `rules:` in the settings make it an error); a load
    /// that only counts errors may not need them.
    private let findsRepeats: @Sendable (Settings) -> Bool

    /// False for a cache that serves one load only (an `htl` command): no
    /// file is parsed twice in one load, so a parse is not kept, only what
    /// `derived` makes (a layer above asks for it again). Ten thousand goal
    /// files were a look-up and a dictionary entry each for nothing.
    private let keepsParses: Bool

    public init(use: ParseUse? = nil, keepsParses: Bool = true, findsRepeats: @escaping @Sendable (Settings) -> Bool = { _ in true }) {
        self.use = use
        self.keepsParses = keepsParses
        self.findsRepeats = findsRepeats
    }

    /// The kept result for a file, or the one `make` computes (then kept).
    /// Generic only in its last cast: `derived` is called from other
    /// modules, where it is not specialized, and any other value of a type
    /// made of `T` (an optional, a tuple) was built at run time, its type
    /// looked up, a few hundred instructions a file.
    private func cached<T: Sendable>(_ file: SourceFile, kind: String = "", dependency: [UInt8] = [], _ make: () -> T) -> T {
        if kind.isEmpty, !keepsParses { return make() }
        let key = Key(kind: kind, path: file.path)
        if let entry = entry(key, dependency: dependency), entry.bytes == file.bytes, let result = entry.result as? T { return result }
        let result = make()
        store(result, for: key, file, dependency: dependency)
        return result
    }

    /// What is kept for `key`, if it was made with `dependency`.
    private func entry(_ key: Key, dependency: [UInt8]) -> Entry? {
        let entry = entries.withLock { $0[key] }
        guard let entry, entry.dependency == dependency else { return nil }
        return entry
    }

    private func store(_ result: any Sendable, for key: Key, _ file: SourceFile, dependency: [UInt8]) {
        entries.withLock { $0[key] = Entry(bytes: file.bytes, dependency: dependency, result: result) }
    }

    /// A result `derived` kept for `file` as it is now, if there is one.
    package func kept<T: Sendable>(_ kind: String, _ file: SourceFile) -> T? {
        let entry = entries.withLock { $0[Key(kind: kind, path: file.path)] }
        guard let entry, entry.bytes == file.bytes, entry.dependency.isEmpty else { return nil }
        return entry.result as? T
    }

    /// Forgets files that are no longer part of the ledger.
    package func keep(only paths: Set<String>) {
        entries.withLock { entries in entries = entries.filter { paths.contains($0.key.path) } }
    }

    /// A result computed by a layer above the parser from one file's bytes
    /// alone (the checker's `unformatted` finding), kept while they stay the same.
    package func derived<T: Sendable>(_ kind: String, _ file: SourceFile, _ make: () -> T) -> T {
        cached(file, kind: kind, make)
    }

    func settings(_ file: SourceFile) -> (Settings, [Finding]) {
        cached(file) { SettingsDecoder.decode(file, YAMLFile.readYAML(file)) }
    }

    func measures(_ file: SourceFile) -> (MeasureCatalog, [Finding], Bool) {
        cached(file) { MeasuresDecoder.decode(file, YAMLFile.readYAML(file)) }
    }

    func value(_ file: SourceFile) -> (Value?, [Finding]) {
        cached(file) { ValueDecoder.decode(file, frontMatter(file)) }
    }

    func term(_ file: SourceFile, termWeeks: Int) -> (Term?, [Finding]) {
        cached(file, dependency: Array(String(termWeeks).utf8)) {
            TermDecoder.decode(file, frontMatter(file), termWeeks: termWeeks)
        }
    }

    func goal(_ file: SourceFile) -> (Goal?, [Finding]) {
        cached(file) { GoalDecoder.decode(file, frontMatter(file)) }
    }

    /// A Markdown file's front matter, read once: its parse goes to the
    /// `use` (when there is one) as well as to the decoder.
    private func frontMatter(_ file: SourceFile) -> YAMLFile {
        let yaml = YAMLFile.readFrontMatter(file)
        if let use, let parse = yaml.frontMatter {
            _ = derived(use.kind, file) { use.fromFrontMatter(file, parse) }
        }
        return yaml
    }

    /// A log's parse depends on the declared units (and on whether repeats
    /// are looked for). A log that changed is read again from the first
    /// line that changed (`LogReuse`).
    func log(_ file: SourceFile, measures: MeasureCatalog, judgesUnits: Bool, settings: Settings) -> LogParse {
        let repeats = findsRepeats(settings)
        // Whether the log is in fmt's form matters only to the `use` (the `unformatted` verdict).
        let judgesFormat = use != nil
        // Each measure's names on a line of their own, id first: a quantity is
        // its measure's position, so an alias `b` of `a` and a measure `b` differ.
        let names = measures.measures.map { ([$0.id] + $0.aliases).joined(separator: " ") }.joined(separator: "\n")
        let dependency = Array(names.utf8) + [0, judgesUnits ? 1 : 0, repeats ? 1 : 0, judgesFormat ? 1 : 0]
        let parser = LogParser(measures: measures, judgesUnits: judgesUnits, findsRepeats: repeats, judgesFormat: judgesFormat)
        guard keepsParses else { return keepingVerdict(parser.parse(file), file) }
        let key = Key(kind: "", path: file.path)
        let parse: LogParse
        if let entry = entry(key, dependency: dependency), let earlier = entry.result as? LogParse {
            if entry.bytes == file.bytes { return keepingVerdict(earlier, file) }
            parse = parser.parse(file, after: (entry.bytes, earlier))
        } else {
            parse = parser.parse(file)
        }
        store(parse, for: key, file, dependency: dependency)
        return keepingVerdict(parse, file)
    }

    /// `parse`, once the verdict for a log it found canonical is kept too.
    private func keepingVerdict(_ parse: LogParse, _ file: SourceFile) -> LogParse {
        if let use, parse.isCanonical == true {
            _ = derived(use.kind, file) { use.forCanonicalLog }
        }
        return parse
    }
}
