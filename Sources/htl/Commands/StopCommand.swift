import HTLCommandLine
import HTLKit

struct StopCommand: HTLCommand {
    static let discard = Option.flag("discard", help: "Stop the timer and log nothing.")

    static let spec = CommandSpec(
        "stop",
        abstract: "Stop the timer and log its action with the minutes it ran.",
        discussion: """
            The line is the one htl log would write, dated when the timer started:
              2026-11-28 18:47 Piano scales +piano-20h 25min
            Minutes are whole, at least 1. A timer that ran past its day's end
            (day_starts_at) is not logged: htl says how to log it.
            """,
        options: TimerOptions.specs + [discard.spec])

    let options: TimerOptions
    let discard: Bool

    init(_ parsed: inout ParsedCommand) {
        options = TimerOptions(&parsed)
        discard = parsed[Self.discard]
    }

    func run() throws {
        let stopped = try TimerOptions.refusing {
            try LedgerTimer.stop(
                at: try options.moment(), discard: discard, ledger: try options.ledger.request(),
                waiting: try options.ledger.waiting())
        }
        guard let entry = stopped.entry else {
            Output.say("stopped \(stopped.timer.time), logged nothing: \(stopped.timer.text)")
            return
        }
        try options.report(entry, nothing: "nothing written; the timer runs on")
        Output.say(entry.line)
    }
}
