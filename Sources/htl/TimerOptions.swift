import HTLCommandLine
import HTLKit

/// What the timer commands (`start`, `stop`, `switch`, `resume`) share:
/// `--at`, the moment they act at, and how they say what happened.
struct TimerOptions {
    static let at = Option.value(
        "at", valueName: "hh:mm", help: "The time it happens, today (default: now; needed with --today).")

    let ledger: LedgerOptions
    let at: String?

    init(_ parsed: inout ParsedCommand) {
        ledger = LedgerOptions(&parsed)
        at = parsed[Self.at]
    }

    static var specs: [OptionSpec] { LedgerOptions.specs + [at.spec] }

    /// The clock's date and time, or today at `--at`; a fixed day (--today) needs `--at`.
    func moment() throws -> LedgerTimer.Moment {
        let time = try at.map { try LedgerOptions.time($0, option: "--at") }
        switch try ledger.now() {
        case .clock(let date, let now):
            return LedgerTimer.Moment(date: date, time: time ?? now)
        case .day(let date):
            guard let time else { throw HTLError("with --today (or HTL_TODAY), give the time with --at HH:MM") }
            return LedgerTimer.Moment(date: date, time: time)
        }
    }

    /// Runs a timer change; a refusal (no timer, one running, one past its day) is said and exits 1.
    static func refusing<T>(_ change: () throws -> T) throws -> T {
        do {
            return try change()
        } catch let refusal as LedgerTimer.Refusal {
            Output.error("htl: " + refusal.message)
            throw ExitCode(1)
        }
    }

    /// The findings of a line the timer would log, as `htl log` prints them; with an error, exit 1.
    func report(_ entry: LogEntry, nothing: String) throws {
        if !entry.diagnostics.isEmpty {
            let report = CheckReport(diagnostics: entry.diagnostics, fileCount: 1)
            Output.errorRendered(DiagnosticRenderer.text(report, files: [entry.file], style: ledger.errorStyle()))
        }
        if entry.hasErrors {
            Output.error(nothing)
            throw ExitCode(1)
        }
    }

    /// What a start refused because of its line says: which line was checked.
    static let notStarted =
        "no timer started (the line checked is the one htl stop would write, with 1min where its minutes go: "
        + "leave your own duration out)"

    /// "started 18:47 Piano scales +piano-20h".
    static func say(_ started: LedgerTimer.Started) {
        Output.say("started \(started.timer.time) \(started.timer.text)")
    }
}
