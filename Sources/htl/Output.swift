import Glibc
import HTLKit
import Synchronization

/// stdout and stderr for the command line. Reports go to stdout, errors and
/// summaries to stderr. A failed write to stdout is an error (exit 2), except
/// a reader that stopped reading (`htl status | head`): then the rest of
/// the output is dropped and the command ends as it would have.
enum Output {
    /// Set once stdout's reader has gone away.
    private static let readerGone = Atomic(false)

    static func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    static func write(bytes: [UInt8]) {
        write(bytes: bytes.span)
    }

    static func write(bytes: Span<UInt8>) {
        guard !readerGone.load(ordering: .relaxed) else { return }
        if let failure = FileSystem.write(bytes, to: 1) {
            if failure == EPIPE {
                readerGone.store(true, ordering: .relaxed)
                return
            }
            _ = writeAll(2, "htl: cannot write to standard output: \(String(cString: strerror(failure)))\n")
            Glibc.exit(2)
        }
    }

    /// Plain text to stdout whose pieces may come from the user (a path, a
    /// logged line): control characters in it are escaped, line by line.
    static func say(_ text: String) {
        write(escapedLines(text))
    }

    private static func escapedLines(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let body = (text.hasSuffix("\n") ? lines.dropLast() : lines[...]).map { TerminalText.escaped(String($0)) }
        return body.joined(separator: "\n") + "\n"
    }

    /// A message to stderr; control characters in it (from a file name or
    /// an argument) are escaped, line by line.
    static func error(_ message: String) {
        _ = writeAll(2, escapedLines(message))
    }

    /// Text already rendered for a terminal (escaped, perhaps styled) to stderr.
    static func errorRendered(_ text: String) {
        _ = writeAll(2, text)
    }

    static func exit(_ code: Int32) -> Never {
        Glibc.exit(code)
    }

    /// Writes everything; returns the errno of a failure, nil on success.
    private static func writeAll(_ fd: Int32, _ text: String) -> Int32? {
        FileSystem.write(Array(text.utf8), to: fd)
    }

    static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// The width text reports fit: COLUMNS, else the terminal's, else 80;
    /// always within 20-1000 (CLI.md "Conventions").
    static func reportWidth() -> Int {
        if let columns = TerminalWidth.parse(FileSystem.environment("COLUMNS")) { return columns }
        if isTerminal(1) {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                return TerminalWidth.clamp(Int(size.ws_col))
            }
        }
        return 80
    }
}
