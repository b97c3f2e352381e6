#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// stdout and stderr for the command line. Reports go to stdout, errors and
/// summaries to stderr.
enum Output {
    static func write(_ text: String) {
        writeAll(1, text)
    }

    static func error(_ line: String) {
        writeAll(2, line.hasSuffix("\n") ? line : line + "\n")
    }

    static func exit(_ code: Int32) -> Never {
        Glibc.exit(code)
    }

    private static func writeAll(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }

    static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// The width text reports fit: COLUMNS, else the terminal's, else 80.
    static func reportWidth() -> Int {
        isTerminal(1) ? terminalWidth() : (FileSystem.environment("COLUMNS").flatMap(Int.init) ?? 80)
    }

    /// Columns of the terminal on stdout; 80 when unknown.
    static func terminalWidth() -> Int {
        if let columns = FileSystem.environment("COLUMNS").flatMap(Int.init), columns > 20 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 { return Int(size.ws_col) }
        return 80
    }
}

/// The machine's local calendar date: the only place htl reads the clock.
enum Clock {
    static func localToday() -> CivilDate {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            ?? CivilDate(dayNumber: Int(now / 86_400))
    }
}

import HTLKit
