import HTLCore

/// The ledger's timer (`htl start`, `stop`, `switch`, `resume`): one line
/// of plain text in `.htl-timer` at the ledger root, out of the log so the
/// log stays append-only, and ignored by git (`htl init` says so in
/// `.gitignore`):
///
///     running 2026-11-28 18:47 Piano scales +piano-20h
///     stopped 2026-11-28 19:12 Piano scales +piano-20h
///
/// The date and time are the clock's when it started (running) or stopped
/// (stopped); the text is the action as `htl log` takes it, without its
/// duration, which `stop` adds in whole minutes.
public struct TimerState: Sendable, Equatable {
    public var running: Bool
    public var date: CivilDate
    public var time: ClockTime
    public var text: String

    public init(running: Bool, date: CivilDate, time: ClockTime, text: String) {
        self.running = running
        self.date = date
        self.time = time
        self.text = text
    }

    /// The file's name at the ledger root.
    public static let fileName = ".htl-timer"

    /// The file's one line, with its line ending.
    public var line: String {
        "\(running ? "running" : "stopped") \(date) \(time) \(text)\n"
    }

    /// The state a file holds, or nil when it is not one line of that
    /// shape (one final LF or CR LF; no other line break, no control
    /// character but tabs in the text).
    public static func parse(_ bytes: [UInt8]) -> TimerState? {
        var line = bytes[...]
        if line.last == 0x0A { line = line.dropLast() }
        if line.last == 0x0D { line = line.dropLast() }
        guard !line.contains(where: TimerState.isControl) else { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let parts = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "running" || parts[0] == "stopped",
            let date = CivilDate.parse(String(parts[1])), let time = ClockTime.parse(Array(parts[2].utf8)),
            !parts[3].isEmpty
        else { return nil }
        return TimerState(running: parts[0] == "running", date: date, time: time, text: String(parts[3]))
    }

    /// A control character other than a tab: never in a timer's text.
    public static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    /// Whole minutes from this state's moment to `date` at `time` (negative when before it).
    public func minutes(until date: CivilDate, _ time: ClockTime) -> Int {
        (date.dayNumber - self.date.dayNumber) * 1_440 + time.minuteOfDay - self.time.minuteOfDay
    }
}
