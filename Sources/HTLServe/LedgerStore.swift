import HTLCore
import HTLLoad
import HTLModel
import HTLProgress
import HTLRender
import HTLSystem

/// The loaded ledger the server answers from, loaded again only when a
/// file changed (its fingerprint) or the day did, not per request.
public actor LedgerStore {
    public struct Snapshot: Sendable {
        public var loaded: LoadedLedger
        public var report: ProgressReport
        /// Changes whenever the answer to any page may change: the files' fingerprint, the day and the timer.
        public var version: String
        /// The recent action texts the log form offers again, found once per load.
        public var recent: [String]
        /// The timer (`htl start`), as `.htl-timer` says; nil when none or unreadable.
        public var timer: TimerState?
    }

    let root: LedgerRoot
    let now: @Sendable () -> Now
    private var current: Snapshot?

    public init(root: LedgerRoot, now: @escaping @Sendable () -> Now) {
        self.root = root
        self.now = now
    }

    public func snapshot() throws -> Snapshot {
        let now = now()
        // The timer file is not a ledger file: its text is part of the version.
        let timer = TimerFile.state(root)
        let version =
            String(LedgerFingerprint.of(root), radix: 16) + "-" + LedgerStore.minute(now) + "-"
            + (timer.map { ContentVersion.of(Array($0.line.utf8)) } ?? "no-timer")
        if let current, current.version == version { return current }
        var request = LoadRequest(root: root, now: now)
        request.computeProgress = true
        let loaded = try LedgerLoader.load(request)
        let made = Snapshot(
            loaded: loaded, report: loaded.progressReport(), version: version,
            recent: AppPage.recentTexts(loaded.ledger, today: loaded.today), timer: timer)
        current = made
        return made
    }

    /// The day, and the minute of a clock (today turns at the ledger's
    /// `day_starts_at`, known only once loaded): at most one load a minute
    /// when nothing changed.
    static func minute(_ now: Now) -> String {
        switch now {
        case .day(let day): return day.description
        case .clock(let date, let time): return date.description + "T" + time.description
        }
    }
}
