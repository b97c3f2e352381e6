import HTLCheck
import HTLCore
import HTLEdit
import HTLLoad
import HTLModel
import HTLRender
import HTLSystem

/// What an import will write, checked as a whole against the ledger before
/// anything is written (`htl import`): new files, new measures, new log
/// lines. Nothing is ever edited or removed.
public struct ImportPlan: Sendable {
    public struct NewFile: Sendable {
        public var path: String
        public var text: String
        /// The record it is made from (`goals_export.json item 3`).
        var origin: String?
    }

    /// Lines to append to one log file (comments and actions, in order).
    public struct Append: Sendable {
        public var path: String
        public var lines: [String]
        public var actions: Int
        var header: String
        /// Per line, the row or record it is made from (nil: a comment of htl's own).
        var origins: [String?]
    }

    public internal(set) var newFiles: [NewFile] = []
    /// measures.yaml as read (nil: there is none) and as it will be; nil: unchanged.
    public internal(set) var measures: (path: String, old: [UInt8]?, new: [UInt8])?
    public internal(set) var newMeasures = 0
    public internal(set) var appends: [Append] = []
    /// Records found already in the ledger (imported before), skipped.
    public internal(set) var skipped = 0
    /// Problems with the input itself (a date that is no date, a goal that
    /// no file names), as `FILE:LINE: message`: any stops the import.
    public internal(set) var problems: [String] = []
    /// Findings about the new text, from the checker.
    public internal(set) var diagnostics: [Diagnostic] = []
    /// The changed files as they would be, for showing the findings.
    public internal(set) var proposedFiles: [SourceFile] = []
    /// Where the text of new files and appended lines comes from, by path:
    /// a new file's record (for every line), or each appended line's.
    private var origins: [String: (whole: String?, lines: [Int: String])] = [:]

    public var hasErrors: Bool { !problems.isEmpty || diagnostics.contains(where: \.isError) }
    public var isEmpty: Bool { newFiles.isEmpty && measures == nil && appends.isEmpty }

    mutating func problem(_ origin: CustomStringConvertible, _ message: String) {
        problems.append("\(origin): \(message)")
    }

    /// Lines to append to `path`; `origins` names, per line, the row or
    /// record it is made from (nil for htl's own comments).
    mutating func append(_ lines: [String], origins: [String?], actions: Int, to path: String, header: String) {
        precondition(origins.count == lines.count, "one origin per line")
        if let i = appends.firstIndex(where: { $0.path == path }) {
            appends[i].lines += lines
            appends[i].origins += origins
            appends[i].actions += actions
        } else {
            appends.append(Append(path: path, lines: lines, actions: actions, header: header, origins: origins))
        }
    }

    /// Where a finding about text this import would write comes from: the
    /// row or record that text is made from, and where the text would be
    /// (the line is not in any file yet). Nil for a finding about a file
    /// already there.
    public func origin(of d: Diagnostic) -> DiagnosticRenderer.Origin? {
        guard let found = origins[d.location.path],
            let place = found.whole ?? found.lines[d.location.line]
        else { return nil }
        return DiagnosticRenderer.Origin(place: place, wouldBe: d.location)
    }

    /// Runs the checker on the ledger as it would be; keeps what is new:
    /// findings about the new files, measures.yaml and appended lines, and
    /// errors they cause in files already there (a term number used twice is
    /// reported at both terms).
    mutating func check(against loaded: LoadedLedger) {
        guard problems.isEmpty, !isEmpty else { return }
        var changed: [SourceFile] = newFiles.map { SourceFile(path: $0.path, text: $0.text) }
        for file in newFiles where file.origin != nil { origins[file.path] = (file.origin, [:]) }
        if let measures { changed.append(SourceFile(path: measures.path, bytes: measures.new)) }
        for append in appends {
            let (file, first) = LogEntry.appending(append.lines, to: append.path, header: append.header, in: loaded)
            changed.append(file)
            var lines: [Int: String] = [:]
            for (k, origin) in append.origins.enumerated() { lines[first + k] = origin }
            origins[append.path] = (nil, lines)
        }
        diagnostics = ProposedChange.newDiagnostics(changed, replacing: loaded)
        let shown = Set(diagnostics.map(\.location.path)).subtracting(changed.map(\.path))
        proposedFiles = changed + loaded.files.filter { shown.contains($0.path) }
    }

    /// `htl import`: the plan made against the ledger by `make` and, unless
    /// it has errors or this is a dry run, written, all under the writer
    /// lock: two imports at once never both plan against the same ledger,
    /// so what the first wrote is skipped by the second.
    public static func run(
        dryRun: Bool, ledger request: LoadRequest, waiting: WriterLock.Waiting,
        _ make: (LoadedLedger) throws -> ImportPlan
    ) throws -> ImportPlan {
        if dryRun { return try make(try LedgerLoader.load(request)) }
        return try LedgerWriter.change(request, waiting: waiting) { loaded, lock in
            let plan = try make(loaded)
            if !plan.hasErrors { try plan.write(under: lock) }
            return plan
        }
    }

    /// Writes the plan: measures.yaml first (so nothing new names a unit
    /// that is not there yet), then the new files, then each log file's
    /// lines in one append. Each write is atomic; provenance marks make a
    /// run that stopped half way safe to repeat.
    func write(under lock: WriterLock) throws {
        precondition(!hasErrors, "an import with errors is never written")
        if let measures {
            if let old = measures.old {
                try AtomicFile.replace(measures.path, under: lock, original: old, with: measures.new)
            } else {
                try AtomicFile.create(measures.path, under: lock, bytes: measures.new)
            }
        }
        for file in newFiles {
            try AtomicFile.create(file.path, under: lock, bytes: Array(file.text.utf8))
        }
        for append in appends {
            try AtomicFile.appendLine(
                Array(append.lines.joined(separator: "\n").utf8), to: append.path, under: lock,
                header: Array(append.header.utf8))
        }
    }
}
