import HTLCommandLine
import HTLKit

struct SwitchCommand: HTLCommand {
    static let spec = CommandSpec(
        "switch",
        abstract: "Stop the timer, log it, and start one for another action at the same minute.",
        discussion: """
            htl switch "Piano pieces +piano-20h"
            Nothing changes when either line has an error.
            """,
        options: TimerOptions.specs, arguments: [StartCommand.text.spec])

    let options: TimerOptions
    let text: [String]

    init(_ parsed: inout ParsedCommand) {
        options = TimerOptions(&parsed)
        text = parsed[StartCommand.text]
    }

    func run() throws {
        guard !text.isEmpty else { throw HTLError("nothing to time: give the next action's text (quoted)") }
        let switched = try TimerOptions.refusing {
            try LedgerTimer.switchTo(
                text.joined(separator: " "), at: try options.moment(), ledger: try options.ledger.request(),
                waiting: try options.ledger.waiting())
        }
        if let entry = switched.stopped?.entry {
            try options.report(entry, nothing: "nothing written; the timer runs on")
        }
        if let started = switched.started {
            try options.report(started.check, nothing: "nothing written; the timer runs on. " + TimerOptions.notStarted)
        }
        if let entry = switched.stopped?.entry { Output.say(entry.line) }
        if let started = switched.started { TimerOptions.say(started) }
    }
}
