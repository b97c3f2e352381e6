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

    public var hasErrors: Bool { diagnostics.contains(where: \.isError) }

    /// `path` nil means `log/<year of date>.log`.
    public init(text: String, date: CivilDate, time: ClockTime?, path: String?, in loaded: LoadedLedger) throws {
        guard !text.contains("\n"), !text.contains("\r") else {
            throw HTLError("an action is one line: the text must not contain line breaks")
        }
        let target = path ?? "log/\(pad(date.year, 4)).log"
        guard LedgerLayout.kind(of: target) == .log else {
            throw HTLError("\(target) is not a log file: htl reads log/**/*.log")
        }
        var raw = date.description
        if let time { raw += " " + time.description }
        raw += " " + text
        line = String(decoding: LogFormatter.canonicalLine(Array(raw.utf8)), as: UTF8.self)
        self.path = target
        header = "# \(pad(date.year, 4))\n"

        // The ledger as it would be with the line appended, checked as a whole.
        var existing = loaded.parsed.file(at: target)?.bytes ?? Array(header.utf8)
        if let last = existing.last, last != 0x0A { existing.append(0x0A) }
        lineNumber = existing.withUnsafeBufferPointer { ByteCount.occurrences(of: 0x0A, in: $0) } + 1
        file = SourceFile(path: target, bytes: existing + Array(line.utf8) + [0x0A])
        let number = lineNumber
        diagnostics = ProposedChange.diagnostics(in: file, replacing: loaded)
            .filter { $0.location.path == target && $0.location.line == number }
    }
}
