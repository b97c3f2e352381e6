import HTLCheck
import HTLCore
import HTLFormat
import HTLLoad
import HTLModel
import HTLParse
import HTLProgress
import HTLSystem

/// `htl log`: one new action line, checked against the whole ledger before
/// anything is written.
public struct LogEntry: Sendable {
    /// The line without its line ending, in canonical form.
    public var line: String
    /// The ledger path of the log file it goes to.
    public var path: String
    /// The line number it will have in that file.
    package var lineNumber: Int
    /// The log file as it was checked (with the line appended): findings
    /// about the line point into it.
    public var file: SourceFile
    /// Findings about the new line (errors stop the write; warnings do not).
    public var diagnostics: [Diagnostic]
    /// The header a new log file starts with.
    public var header: String
    /// Goals the line links whose files could not be read: the line is
    /// written, but counts toward them only once their files are fixed.
    public var unreadableGoals: [UnreadableGoal] = []
    /// Whether the line's date is so far out of order in its file that
    /// another day was probably meant (CLI.md, `htl log`); nil for most.
    public var dateNote: DateNote?

    /// Why a line's date may not be the one meant. Lines out of order are
    /// valid (a day logged late); only these get a note.
    public enum DateNote: Sendable, Equatable {
        /// More than `LogEntry.farBefore` days before the latest line of
        /// the same file: that line's date, and how many days before it.
        case beforeLatest(CivilDate, days: Int)
        /// In another year than the one the file is named for (`log/2026.log`).
        case otherYear(Int)
    }

    /// How many days before a file's latest line a new line may be dated
    /// without a note: a week, as a weekly review logs it late.
    public static let farBefore = 7

    public var hasErrors: Bool { diagnostics.contains(where: \.isError) }

    /// `path` nil means `log/<year of date>.log`.
    public init(text: String, date: CivilDate, time: ClockTime?, path: String?, in loaded: LoadedLedger) throws {
        guard LogEntry.isOneLine(text) else {
            throw HTLError("an action is one line: the text must not contain line breaks")
        }
        let target = path ?? LogEntry.defaultPath(for: date)
        guard LedgerLayout.kind(of: target) == .log else {
            throw HTLError("\(target) is not a log file: htl reads log/**/*.log")
        }
        var raw = date.description
        if let time { raw += " " + time.description }
        raw += " " + text
        line = String(decoding: LogFormatter.canonicalLine(Array(raw.utf8)), as: UTF8.self)
        self.path = target
        header = LogEntry.header(for: date)

        // The ledger as it would be with the line appended, checked as a whole.
        (file, lineNumber) = LogEntry.appending([line], to: target, header: header, in: loaded)
        let number = lineNumber
        diagnostics = ProposedChange.diagnostics(in: file, replacing: loaded)
            .filter { $0.location.path == target && $0.location.line == number }
        dateNote = LogEntry.dateNote(date, in: target, loaded.ledger.actions)
        let broken = loaded.unreadableGoals
        if !broken.isEmpty {
            // The line alone (its links are read whatever its units are: without
            // measures.yaml a line with a quantity is kept aside, its links with it).
            let parsed = LedgerParser.parse([SourceFile(path: target, text: header + line + "\n")])
            let linked = Set(
                parsed.ledger.actions.flatMap { Array($0.links).map(\.goal) }
                    + parsed.context.linksOnRejectedLines.map(\.goal))
            unreadableGoals = broken.filter { linked.contains($0.id) }
        }
    }
}

extension LogEntry {
    /// No line feed and no carriage return. Compared as bytes: in a Swift
    /// string "\r\n" is one character, equal to neither "\r" nor "\n".
    public static func isOneLine(_ text: String) -> Bool {
        !text.utf8.contains(0x0A) && !text.utf8.contains(0x0D)
    }

    /// `htl log`: the line checked against the ledger and, unless it has
    /// errors or this is a dry run, appended, all under the writer lock.
    /// `date` nil means the ledger's today; `path` nil, `log/<year>.log`.
    public static func log(
        _ text: String, date: CivilDate?, time: ClockTime?, path: String?, dryRun: Bool,
        ledger request: LoadRequest, waiting: WriterLock.Waiting
    ) throws -> LogEntry {
        func entry(_ loaded: LoadedLedger) throws -> LogEntry {
            try LogEntry(text: text, date: date ?? loaded.today, time: time, path: path, in: loaded)
        }
        if dryRun { return try entry(try LedgerLoader.load(request)) }
        return try LedgerWriter.change(request, waiting: waiting) { loaded, lock in
            let made = try entry(loaded)
            if !made.hasErrors {
                try AtomicFile.appendLine(
                    Array(made.line.utf8), to: made.path, under: lock, header: Array(made.header.utf8))
            }
            return made
        }
    }

    /// The note a line dated `date` appended to `path` gets, if any.
    static func dateNote(_ date: CivilDate, in path: String, _ actions: [Action]) -> DateNote? {
        let name = path.split(separator: "/").last ?? ""
        if name.count == 8, name.hasSuffix(".log"), let year = Int(name.prefix(4)), year != date.year {
            return .otherYear(year)
        }
        var latest: CivilDate?
        for a in actions where a.path == path && latest.map({ a.date > $0 }) ?? true { latest = a.date }
        guard let latest, date.days(until: latest) > farBefore else { return nil }
        return .beforeLatest(latest, days: date.days(until: latest))
    }

    /// Where an action goes when no file is named: `log/<year>.log`.
    package static func defaultPath(for date: CivilDate) -> String {
        "\(LedgerLayout.logFolder)/\(pad(date.year, 4)).log"
    }

    /// The first line of a new log file.
    package static func header(for date: CivilDate) -> String {
        "# \(pad(date.year, 4))\n"
    }

    /// A log file as it would be with `lines` appended (a new one starts
    /// with `header`), and the number of the first appended line.
    package static func appending(
        _ lines: [String], to path: String, header: String,
        in loaded: LoadedLedger
    ) -> (file: SourceFile, firstLine: Int) {
        var existing = loaded.parsed.file(at: path)?.bytes ?? Array(header.utf8)
        if let last = existing.last, last != 0x0A { existing.append(0x0A) }
        let first = ByteCount.occurrences(of: 0x0A, in: existing.span) + 1
        let added = lines.map { $0 + "\n" }.joined()
        return (SourceFile(path: path, bytes: existing + Array(added.utf8)), first)
    }
}
