import HTLCore
import HTLLoad
import HTLModel
import HTLSystem

/// `htl start`, `stop`, `switch` and `resume`: a running timer kept in
/// `.htl-timer` (`TimerState`), whose stop appends the line `htl log`
/// would, dated when it started, with the minutes it ran. Every change
/// of the timer is made under the ledger's writer lock, so of two
/// terminals starting a timer at once one starts it and the other is told
/// which is running; the log line is appended before the timer is marked
/// stopped, so a failure between the two never loses an acknowledged line.
public enum LedgerTimer {
    /// A moment of the local clock.
    public struct Moment: Sendable, Equatable {
        public var date: CivilDate
        public var time: ClockTime

        public init(date: CivilDate, time: ClockTime) {
            self.date = date
            self.time = time
        }
    }

    /// Nothing was done, and why: no timer, one already running, one that
    /// ran past the day's end. (The command line exits 1.)
    public struct Refusal: Error, Sendable, Equatable {
        public var message: String
    }

    /// What a start did: the timer's state, or the findings of its line (nothing started).
    public struct Started: Sendable {
        public var timer: TimerState
        /// The line `stop` would append, as checked (with `1min` for the duration).
        public var check: LogEntry
        public var started: Bool { !check.hasErrors }
    }

    /// What a stop did: the line appended (or, with errors, not), and the minutes.
    public struct Stopped: Sendable {
        public var timer: TimerState
        public var entry: LogEntry?
        public var minutes: Int
        public var logged: Bool { entry.map { !$0.hasErrors } ?? false }
    }

    /// The timer's state; nil when no timer was ever started here.
    public static func state(_ root: LedgerRoot) throws -> TimerState? {
        try TimerFile.read(root)?.state
    }

    /// `htl start`: a timer for `text` from `moment`, unless one is running
    /// or the line it would log has an error.
    public static func start(
        _ text: String, at moment: Moment, ledger request: LoadRequest, waiting: WriterLock.Waiting
    )
        throws -> Started
    {
        try LedgerWriter.change(request, waiting: waiting) { loaded, lock in
            let current = try TimerFile.read(lock.root)
            if let running = current?.state, running.running {
                throw Refusal(message: "a timer is running: \(describe(running))")
            }
            return try begin(text, at: moment, replacing: current, loaded, lock)
        }
    }

    /// `htl resume`: the last stopped timer's action started again.
    public static func resume(at moment: Moment, ledger request: LoadRequest, waiting: WriterLock.Waiting) throws
        -> Started
    {
        try LedgerWriter.change(request, waiting: waiting) { loaded, lock in
            guard let current = try TimerFile.read(lock.root) else {
                throw Refusal(message: "no timer to resume: start one with htl start \"…\"")
            }
            if current.state.running { throw Refusal(message: "a timer is running: \(describe(current.state))") }
            return try begin(current.state.text, at: moment, replacing: current, loaded, lock)
        }
    }

    /// `htl stop`: the running timer's line appended and the timer stopped;
    /// `discard` stops it and logs nothing.
    public static func stop(
        at moment: Moment, discard: Bool, ledger request: LoadRequest, waiting: WriterLock.Waiting
    ) throws -> Stopped {
        try LedgerWriter.change(request, waiting: waiting) { loaded, lock in
            try end(at: moment, discard: discard, loaded, lock)
        }
    }

    /// What a switch did: nothing when the new action's line has an error
    /// (`stopped` nil) or the running one's does (`started` nil).
    public struct Switched: Sendable {
        public var stopped: Stopped?
        public var started: Started?
    }

    /// `htl switch`: the running timer stopped and logged, and one for
    /// `text` started at the same moment; neither when either line has an error.
    public static func switchTo(
        _ text: String, at moment: Moment, ledger request: LoadRequest, waiting: WriterLock.Waiting
    ) throws -> Switched {
        try LedgerWriter.change(request, waiting: waiting) { loaded, lock in
            let next = try checked(text, at: moment, loaded)
            guard !next.check.hasErrors else { return Switched(stopped: nil, started: next) }
            let stopped = try end(at: moment, discard: false, loaded, lock)
            guard stopped.logged else { return Switched(stopped: stopped, started: nil) }
            try write(next.timer, replacing: try TimerFile.read(lock.root), lock)
            return Switched(stopped: stopped, started: next)
        }
    }

    /// "Piano scales +piano-20h, since 2026-11-28 18:47".
    public static func describe(_ timer: TimerState) -> String {
        "\(timer.text), \(timer.running ? "since" : "stopped") \(timer.date) \(timer.time)"
    }

    // MARK: Under the lock

    static func begin(
        _ text: String, at moment: Moment, replacing current: (state: TimerState, bytes: [UInt8])?,
        _ loaded: LoadedLedger, _ lock: WriterLock
    ) throws -> Started {
        let started = try checked(text, at: moment, loaded)
        if !started.check.hasErrors { try write(started.timer, replacing: current, lock) }
        return started
    }

    /// A timer for `text` from `moment`, with the line its stop would log checked (`1min` for the duration).
    static func checked(_ text: String, at moment: Moment, _ loaded: LoadedLedger) throws -> Started {
        guard !text.utf8.contains(where: TimerState.isControl), !text.trimmingSpaces.isEmpty else {
            throw HTLError(
                "a timer's action is one line of text without control characters: give what htl log would take, "
                    + "without the duration")
        }
        let check = try LogEntry(
            text: text + " 1min", date: logicalDay(moment, loaded), time: moment.time, path: nil, in: loaded)
        return Started(timer: TimerState(running: true, date: moment.date, time: moment.time, text: text), check: check)
    }

    static func end(at moment: Moment, discard: Bool, _ loaded: LoadedLedger, _ lock: WriterLock) throws -> Stopped {
        guard let read = try TimerFile.read(lock.root), read.state.running else {
            throw Refusal(message: "no timer is running")
        }
        let current = read.state
        let minutes = current.minutes(until: moment.date, moment.time)
        let stopped = TimerState(running: false, date: moment.date, time: moment.time, text: current.text)
        if discard {
            try write(stopped, replacing: read, lock)
            return Stopped(timer: stopped, entry: nil, minutes: max(minutes, 0))
        }
        guard minutes >= 0 else {
            throw Refusal(message: "the timer started after \(moment.date) \(moment.time): \(describe(current))")
        }
        let startDay = logicalDay(Moment(date: current.date, time: current.time), loaded)
        guard logicalDay(moment, loaded) == startDay else {
            throw Refusal(message: overnight(current, startDay: startDay, loaded))
        }
        let entry = try LogEntry(
            text: current.text + " \(max(minutes, 1))min", date: startDay, time: current.time, path: nil, in: loaded)
        guard !entry.hasErrors else { return Stopped(timer: current, entry: entry, minutes: max(minutes, 1)) }
        try AtomicFile.appendLine(Array(entry.line.utf8), to: entry.path, under: lock, header: Array(entry.header.utf8))
        try write(stopped, replacing: read, lock)
        return Stopped(timer: stopped, entry: entry, minutes: max(minutes, 1))
    }

    /// A timer that ran past its day's end is not logged: the message says
    /// how to log what was done and drop the timer.
    static func overnight(_ timer: TimerState, startDay: CivilDate, _ loaded: LoadedLedger) -> String {
        let dayStart = loaded.ledger.settings.dayStartsAt
        // Minutes from the start to the end of its day (the next day_starts_at).
        let end = timer.minutes(until: startDay.adding(days: 1), dayStart)
        return "the timer ran past the end of its day (\(describe(timer)); a day ends at \(dayStart)): nothing "
            + "logged. Log what you did, e.g. htl log --date \(startDay) --time \(timer.time) "
            + "\(ShellWord.quoted(timer.text + " \(max(end, 1))min")), then drop the timer with htl stop --discard"
    }

    /// The day a moment belongs to: before `day_starts_at`, still the day before.
    static func logicalDay(_ moment: Moment, _ loaded: LoadedLedger) -> CivilDate {
        Now.clock(date: moment.date, time: moment.time).today(dayStartsAt: loaded.ledger.settings.dayStartsAt)
    }

    static func write(_ timer: TimerState, replacing current: (state: TimerState, bytes: [UInt8])?, _ lock: WriterLock)
        throws
    {
        let bytes = Array(timer.line.utf8)
        if let current {
            try AtomicFile.replace(TimerState.fileName, under: lock, original: current.bytes, with: bytes)
        } else {
            try AtomicFile.create(TimerState.fileName, under: lock, bytes: bytes)
        }
    }
}
