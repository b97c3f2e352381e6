import HTLClock
import HTLCommandLine
import HTLKit
import Synchronization

enum ColorChoice: String, CaseIterable {
    case auto, always, never
}

/// Options every command that reads a ledger shares.
struct LedgerOptions {
    static let ledger = Option.value(
        "ledger", short: "C", valueName: "dir",
        help: "The ledger folder (default: walk up from here to htl.yaml; or HTL_LEDGER).", completion: .directories)
    static let today = Option.value("today", valueName: "yyyy-mm-dd", help: "Take this date as today (or HTL_TODAY).")
    static let color = Option.choice(
        "color", help: "Colour: auto (only on a terminal), always or never. NO_COLOR is honoured.",
        default: ColorChoice.auto)
    /// Their specs, in the order help lists them.
    static let specs = [ledger.spec, today.spec, color.spec]

    var ledger: String?
    var today: String?
    var color: ColorChoice

    init(_ parsed: inout ParsedCommand) {
        ledger = parsed[Self.ledger]
        today = parsed[Self.today]
        color = parsed[Self.color]
    }

    /// Counts the ledger options as read for a command that takes them and has
    /// no use for them (`htl rules`, `htl explain`: the rules are the same in every ledger).
    static func ignore(in parsed: inout ParsedCommand) {
        parsed.ignore(ledger)
        parsed.ignore(today)
        parsed.ignore(color)
    }

    /// The ledger root: -C, else HTL_LEDGER, else found from the working directory.
    func root() throws -> String {
        let start =
            ledger ?? FileSystem.environment("HTL_LEDGER").flatMap { $0.isEmpty ? nil : $0 }
            ?? FileSystem.currentDirectory()
        if ledger != nil || FileSystem.environment("HTL_LEDGER") != nil {
            switch FileSystem.kind(of: start) {
            case .directory: break
            case .missing: throw HTLError("no such folder: \(start)")
            default: throw HTLError("not a folder: \(start)")
            }
        }
        return try LedgerDirectory.findRoot(from: start)
    }

    /// A date given to an option, or exit 2 naming the option.
    static func date(_ text: String, option: String) throws -> CivilDate {
        if let date = CivilDate.parse(text) { return date }
        if let why = CivilDate.whyNotReal(text) { throw HTLError("\(option) \(text) is not a real date: \(why)") }
        throw HTLError("\(option) '\(text)' is not a date: write YYYY-MM-DD")
    }

    /// A time given to an option, or exit 2 naming the option.
    static func time(_ text: String, option: String) throws -> ClockTime {
        guard let time = ClockTime.parse(text) else {
            throw HTLError("\(option) '\(text)' is not a time: write HH:MM (24-hour)")
        }
        return time
    }

    /// When this command runs: --today (or HTL_TODAY), else the local clock.
    func now() throws -> Now {
        if let text = today ?? FileSystem.environment("HTL_TODAY").flatMap({ $0.isEmpty ? nil : $0 }) {
            return .day(try Self.date(text, option: today != nil ? "--today" : "HTL_TODAY"))
        }
        return Clock.now()
    }

    /// Today without a ledger's settings (a ledger not yet made).
    func todayDate() throws -> CivilDate {
        try now().today(dayStartsAt: Settings().dayStartsAt)
    }

    /// Styling for stdout.
    func style() -> TerminalStyle {
        TerminalStyle(enabled: useColor(fd: 1))
    }

    func errorStyle() -> TerminalStyle {
        TerminalStyle(enabled: useColor(fd: 2))
    }

    private func useColor(fd: Int32) -> Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = FileSystem.environment("NO_COLOR"), !noColor.isEmpty { return false }
            if FileSystem.environment("TERM") == "dumb" { return false }
            return Output.isTerminal(fd)
        }
    }

    /// Paths typed on the command line as ledger paths: relative to `-C` (or
    /// the working folder), like git. A path outside the ledger is an error.
    func ledgerPaths(_ paths: [String], root: LedgerRoot) throws -> [String] {
        let base = ledger ?? FileSystem.currentDirectory()
        return try paths.map { path in
            guard let relative = LedgerPath.relative(path, base: base, root: root.path) else {
                throw HTLError("\(path) is outside the ledger at \(root.path)")
            }
            return relative
        }
    }

    /// The ledger root as the boundary of every read and write.
    func ledgerRoot() throws -> LedgerRoot {
        try LedgerRoot(try root())
    }

    /// What to load: this ledger, as of now.
    func request() throws -> LoadRequest {
        LoadRequest(root: try ledgerRoot(), now: try now())
    }

    /// Loads the ledger through the one pipeline; `configure` adjusts the
    /// request (source, append-only base, progress).
    func load(_ configure: (inout LoadRequest) throws -> Void = { _ in }) throws -> LoadedLedger {
        var request = try request()
        try configure(&request)
        let loaded = try LedgerLoader.load(request)
        lastLoaded.withLock { $0 = loaded }
        return loaded
    }

    /// How a writer waits for another htl writing to the same ledger: up to
    /// `HTL_LOCK_WAIT` seconds (10 unless set), saying so on a terminal.
    func waiting() throws -> WriterLock.Waiting {
        var seconds = 10
        if let text = FileSystem.environment("HTL_LOCK_WAIT"), !text.isEmpty {
            guard let value = Int(text), value >= 0, value <= 3600 else {
                throw HTLError("HTL_LOCK_WAIT '\(text)' is not a number of seconds from 0 to 3600")
            }
            seconds = value
        }
        let onTerminal = Output.isTerminal(2)
        let patience = seconds
        return WriterLock.Waiting(patienceMilliseconds: patience * 1000) {
            if onTerminal {
                Output.error(
                    "htl: waiting for another htl process to finish writing to this ledger (up to \(patience) s)")
            }
        }
    }
}

/// The last ledger loaded lives until the process ends: taking a large
/// model apart piece by piece just before exit costs time and frees
/// nothing the exit would not.
private let lastLoaded = Mutex<LoadedLedger?>(nil)
