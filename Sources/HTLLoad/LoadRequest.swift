import HTLCore
import HTLModel
import HTLParse
import HTLSystem

/// What to load, for `LedgerLoader.load`.
public struct LoadRequest: Sendable {
    /// Where the ledger's files come from.
    public enum Source: Sendable, Equatable {
        /// The files on disk (the working tree).
        case directory
        /// What is staged for the next commit (git's index).
        case staged
        /// A commit (any revision git can name).
        case revision(String)
    }

    /// Which committed log lines must stay as they are (`log-rewrite`).
    public enum AppendOnlyBase: Sendable, Equatable {
        /// No comparison.
        case none
        /// HEAD, when the ledger is in a git work tree with a commit; else none.
        case headWhenInGit
        /// HEAD (the pre-commit hook); an error when not in git.
        case head
        /// A revision (`--since REV`).
        case revision(String)
    }

    public var root: LedgerRoot
    public var source: Source = .directory
    /// When the command runs; the loader makes it "today" with the ledger's `day_starts_at`.
    public var now: Now
    /// A revision is judged as of the day it was committed, not `now`
    /// (`htl diff`: each side on its own day, CLI.md revision 3).
    public var asOfCommit = false
    /// Files to use instead of what the source holds: unsaved editor buffers,
    /// a writer's proposal. By ledger path.
    package var overrides: [String: [UInt8]] = [:]
    public var appendOnly: AppendOnlyBase = .none
    /// Also report `unformatted` (it formats every file; only `check` needs it).
    public var formatting = false
    /// Look for every warning. A report only counts errors: without
    /// warnings the model rules that can only warn (`unused-quantity`, the
    /// heaviest, among them) are not run.
    public var warnings = true
    /// Compute progress (reports need it; `check` does not).
    public var computeProgress = false
    /// Parses kept between loads (the language server): only changed files are parsed again.
    package var cache: ParseCache?

    public init(root: LedgerRoot, now: Now) {
        self.root = root
        self.now = now
    }

    public init(root: LedgerRoot, today: CivilDate) {
        self.init(root: root, now: .day(today))
    }
}

extension LoadRequest {
    /// One side of `htl diff` (CLI.md, revision 3): progress computed,
    /// errors only, judged on `day` when one is asked for (`--as-of`), else
    /// each side on its own day (a revision on the day it was committed;
    /// the index and the working tree today).
    public mutating func diffSide(on day: CivilDate?) {
        computeProgress = true
        warnings = false
        if let day { now = .day(day) } else { asOfCommit = true }
    }
}
