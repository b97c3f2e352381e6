import HTLCore
import HTLFormat
import HTLModel
import HTLParse
import HTLProgress

extension ProgressDiff {
    /// Both sides loaded with progress computed, each as of the day its load judged it on.
    public init(from: LoadedLedger, to: LoadedLedger) {
        self.init(
            from: (from.progressReport(), from.parsed.canonicalActionLines()),
            to: (to.progressReport(), to.parsed.canonicalActionLines()))
    }
}

extension ParsedLedger {
    /// Every action as its canonical log line (as `fmt` writes it),
    /// whether it is a correction, and its date, each log file split into lines once; an
    /// action whose line cannot be found is its description behind a NUL,
    /// so it matches no line.
    package func canonicalActionLines() -> [(text: String, correction: Bool, date: CivilDate)] {
        var lines: [String: [ArraySlice<UInt8>]] = [:]
        for file in files where LedgerLayout.kind(of: file.path) == .log {
            lines[file.path] = TextLines.split(file.bytes)
        }
        return ledger.actions.map { action in
            guard let fileLines = lines[action.path], action.line <= fileLines.count else {
                return ("\u{0}" + action.description, action.isCorrection, action.date)
            }
            let line = LogFormatter.canonicalLine(fileLines[action.line - 1])
            return (String(decoding: line, as: UTF8.self), action.isCorrection, action.date)
        }
    }
}
