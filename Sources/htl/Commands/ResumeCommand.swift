import HTLCommandLine
import HTLKit

struct ResumeCommand: HTLCommand {
    static let spec = CommandSpec(
        "resume",
        abstract: "Start the last stopped timer's action again.",
        options: TimerOptions.specs)

    let options: TimerOptions

    init(_ parsed: inout ParsedCommand) {
        options = TimerOptions(&parsed)
    }

    func run() throws {
        let started = try TimerOptions.refusing {
            try LedgerTimer.resume(
                at: try options.moment(), ledger: try options.ledger.request(), waiting: try options.ledger.waiting())
        }
        try options.report(started.check, nothing: TimerOptions.notStarted)
        TimerOptions.say(started)
    }
}
