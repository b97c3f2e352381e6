import HTLCore
import HTLFormat
import HTLModel
import HTLParse
import HTLProgress

extension ProgressDiff {
    /// Both sides loaded with progress computed for the same day.
    public init(from: LoadedLedger, to: LoadedLedger) {
        self.init(
            from: (from.progressReport(), from.parsed.canonicalActionLines()),
            to: (to.progressReport(), to.parsed.canonicalActionLines()))
    }
}

extension ParsedLedger {
    /// Every action as its canonical log line (as `fmt` writes it), each log
    /// file split into lines once; an action whose line cannot be found is
    /// its description behind a NUL, so it matches no line.
    package func canonicalActionLines() -> [String] {
        var lines: [String: [ArraySlice<UInt8>]] = [:]
        for file in files where LedgerLayout.kind(of: file.path) == .log {
            lines[file.path] = TextLines.split(file.bytes)
        }
        return ledger.actions.map { action in
            guard let fileLines = lines[action.path], action.line <= fileLines.count else {
                return "\u{0}" + action.description
            }
            return String(decoding: LogFormatter.canonicalLine(fileLines[action.line - 1]), as: UTF8.self)
        }
    }
}
