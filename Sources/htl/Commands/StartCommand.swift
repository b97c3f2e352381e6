import HTLCommandLine
import HTLKit

struct StartCommand: HTLCommand {
    static let text = Argument.rest(
        "text", help: "The action, as htl log takes it, without its duration: stop adds the minutes.",
        completion: ShellCompletion.logWord)

    static let spec = CommandSpec(
        "start",
        abstract: "Start a timer for an action; htl stop logs it with the minutes it ran.",
        discussion: """
            htl start "Piano scales +piano-20h"
            One timer runs at a time, kept in .htl-timer at the ledger root. The line
            stop will log is checked now, as htl log checks it.
            """,
        options: TimerOptions.specs, arguments: [text.spec])

    let options: TimerOptions
    let text: [String]

    init(_ parsed: inout ParsedCommand) {
        options = TimerOptions(&parsed)
        text = parsed[Self.text]
    }

    func run() throws {
        guard !text.isEmpty else { throw HTLError("nothing to time: give the action's text (quoted)") }
        let started = try TimerOptions.refusing {
            try LedgerTimer.start(
                text.joined(separator: " "), at: try options.moment(), ledger: try options.ledger.request(),
                waiting: try options.ledger.waiting())
        }
        try options.report(started.check, nothing: TimerOptions.notStarted)
        TimerOptions.say(started)
    }
}
