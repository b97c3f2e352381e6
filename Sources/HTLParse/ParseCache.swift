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

    private let entries = Mutex<[String: Entry]>([:])
    /// Results the layers above compute from a file alone, by name, then path.
    private let derivedEntries = Mutex<[String: [String: Entry]]>([:])

    public init() {}

    /// The cached result for a file, or the one `make` computes (then kept).
    private func cached<T: Sendable>(_ file: SourceFile, dependency: [UInt8] = [], _ make: () -> T) -> T {
        let hit: T? = entries.withLock { entries in
            guard let entry = entries[file.path], entry.bytes == file.bytes, entry.dependency == dependency else { return nil }
            return entry.result as? T
        }
        if let hit { return hit }
        let result = make()
        entries.withLock { $0[file.path] = Entry(bytes: file.bytes, dependency: dependency, result: result) }
        return result
    }

    /// Forgets files that are no longer part of the ledger.
    package func keep(only paths: Set<String>) {
        entries.withLock { entries in entries = entries.filter { paths.contains($0.key) } }
        derivedEntries.withLock { byName in
            for name in byName.keys { byName[name] = byName[name]?.filter { paths.contains($0.key) } }
        }
    }

    /// A result computed by a layer above the parser from one file's bytes
    /// alone (the checker's `unformatted` finding), kept while they stay the same.
    package func derived<T: Sendable>(_ name: String, _ file: SourceFile, _ make: () -> T) -> T {
        let hit: T? = derivedEntries.withLock { byName in
            guard let entry = byName[name]?[file.path], entry.bytes == file.bytes else { return nil }
            return entry.result as? T
        }
        if let hit { return hit }
        let result = make()
        derivedEntries.withLock { $0[name, default: [:]][file.path] = Entry(bytes: file.bytes, dependency: [], result: result) }
        return result
    }

    func settings(_ file: SourceFile) -> (Settings, [Finding]) {
        cached(file) { SettingsDecoder.decode(file) }
    }

    func measures(_ file: SourceFile) -> (MeasureCatalog, [Finding], Bool) {
        cached(file) { MeasuresDecoder.decode(file) }
    }

    func value(_ file: SourceFile) -> (Value?, [Finding]) {
        cached(file) { ValueDecoder.decode(file) }
    }

    func term(_ file: SourceFile, termWeeks: Int) -> (Term?, [Finding]) {
        cached(file, dependency: Array(String(termWeeks).utf8)) { TermDecoder.decode(file, termWeeks: termWeeks) }
    }

    func goal(_ file: SourceFile) -> (Goal?, [Finding]) {
        cached(file) { GoalDecoder.decode(file) }
    }

    /// A log's parse depends on the declared units. A log that changed is
    /// read again from the first line that changed (`LogReuse`).
    func log(_ file: SourceFile, measures: MeasureCatalog, judgesUnits: Bool) -> LogParse {
        let dependency = Array(measures.allNames.joined(separator: " ").utf8) + [judgesUnits ? 1 : 0]
        let parser = LogParser(measures: measures, judgesUnits: judgesUnits)
        let previous: ([UInt8], LogParse)? = entries.withLock { entries in
            guard let entry = entries[file.path], entry.dependency == dependency, let parse = entry.result as? LogParse else { return nil }
            return (entry.bytes, parse)
        }
        return cached(file, dependency: dependency) {
            if let previous { return parser.parse(file, after: previous) }
            return parser.parse(file)
        }
    }
}
