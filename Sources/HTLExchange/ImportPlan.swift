import HTLCheck
import HTLCore
import HTLEdit
import HTLLoad
import HTLModel
import HTLSystem

/// What an import will write, checked as a whole against the ledger before
/// anything is written (`htl import`): new files, new measures, new log
/// lines. Nothing is ever edited or removed.
public struct ImportPlan: Sendable {
    public struct NewFile: Sendable {
        public var path: String
        public var text: String
    }

    /// Lines to append to one log file (comments and actions, in order).
    public struct Append: Sendable {
        public var path: String
        public var lines: [String]
        public var actions: Int
        var header: String
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

    public var hasErrors: Bool { !problems.isEmpty || diagnostics.contains(where: \.isError) }
    public var isEmpty: Bool { newFiles.isEmpty && measures == nil && appends.isEmpty }

    mutating func problem(_ origin: CustomStringConvertible, _ message: String) {
        problems.append("\(origin): \(message)")
    }

    mutating func append(_ lines: [String], actions: Int, to path: String, header: String) {
        if let i = appends.firstIndex(where: { $0.path == path }) {
            appends[i].lines += lines
            appends[i].actions += actions
        } else {
            appends.append(Append(path: path, lines: lines, actions: actions, header: header))
        }
    }

    /// Runs the checker on the ledger as it would be; keeps what is new:
    /// findings about the new files, measures.yaml and appended lines, and
    /// errors they cause in files already there (a term number used twice is
    /// reported at both terms).
    mutating func check(against loaded: LoadedLedger) {
        guard problems.isEmpty, !isEmpty else { return }
        var changed: [SourceFile] = newFiles.map { SourceFile(path: $0.path, text: $0.text) }
        if let measures { changed.append(SourceFile(path: measures.path, bytes: measures.new)) }
        for append in appends {
            changed.append(LogEntry.appending(append.lines, to: append.path, header: append.header, in: loaded).file)
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
