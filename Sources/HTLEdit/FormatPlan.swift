import HTLCheck
import HTLCore
import HTLFormat
import HTLLoad
import HTLModel
import HTLParse
import HTLProgress
import HTLSystem

/// What `htl fmt` would do to each selected file: leave it, rewrite it, or
/// refuse (a file with errors is never touched).
public struct FormatPlan: Sendable {
    public struct Change: Sendable {
        public var path: String
        public var original: [UInt8]
        public var canonical: [UInt8]
    }

    public struct Refusal: Sendable {
        public var path: String
        public var reason: String
    }

    public private(set) var changes: [Change] = []
    public private(set) var refused: [Refusal] = []

    /// Each selected file of the loaded ledger formatted once (and verified);
    /// `selecting` are ledger paths (empty: all files).
    public init(_ loaded: LoadedLedger, selecting: [String]) {
        let withErrors = loaded.check.pathsWithErrors
        // Entries with errors that were never read (a link out of the ledger, a FIFO): reported too.
        let read = Set(loaded.files.map(\.path))
        let unread = withErrors.filter {
            !read.contains($0) && LedgerLayout.isSelected($0, by: selecting) && LedgerLayout.kind(of: $0) != nil
        }
        for path in unread.sorted(by: ByteOrder.precedes) {
            refused.append(Refusal(path: path, reason: "the file has errors (run htl check)"))
        }
        let files = loaded.files.filter { LedgerLayout.isSelected($0.path, by: selecting) }
        let slices = Parallel.slices(files.count)
        let outcomes = Parallel.map(slices.count) { k in
            files[slices[k]].map { FormatPlan.outcome($0, withErrors: withErrors, cache: loaded.cache) }
        }
        for outcome in outcomes.joined() {
            switch outcome {
            case .unchanged: break
            case .change(let change): changes.append(change)
            case .refusal(let refusal): refused.append(refusal)
            }
        }
    }

    private enum Outcome {
        case unchanged
        case change(Change)
        case refusal(Refusal)
    }

    /// One file's fate. A file already canonical needs no verifying: its
    /// canonical form is its own bytes (most files of a kept ledger); the
    /// load that checked `unformatted` may already know (then it is not
    /// formatted a second time).
    private static func outcome(_ file: SourceFile, withErrors: Set<String>, cache: ParseCache) -> Outcome {
        if withErrors.contains(file.path) {
            return .refusal(Refusal(path: file.path, reason: "the file has errors (run htl check)"))
        }
        if Checker.isKnownCanonical(file, cache: cache) { return .unchanged }
        if let canonical = Formatter.canonical(file, verify: false), canonical == file.bytes { return .unchanged }
        guard let canonical = Formatter.canonical(file) else {
            return .refusal(Refusal(path: file.path, reason: "htl cannot rewrite it without changing its meaning"))
        }
        return canonical == file.bytes
            ? .unchanged : .change(Change(path: file.path, original: file.bytes, canonical: canonical))
    }
}

extension FormatPlan {
    /// What `htl fmt` did: the plan, the files rewritten, and the rewrites
    /// refused because the file changed on disk meanwhile or is read-only.
    public struct Applied: Sendable {
        public var plan: FormatPlan
        public var formatted: [String]
        public var refusals: [String]
    }

    /// The ledger loaded as fmt needs it (files with errors are refused;
    /// warnings change nothing here).
    public static func request(_ request: LoadRequest) -> LoadRequest {
        var request = request
        // With `unformatted`: each file is formatted once while it is parsed,
        // and the plan then formats only the files that are not canonical.
        request.formatting = true
        request.warnings = false
        return request
    }

    /// `htl fmt`: the plan made and each change written, under the writer lock.
    public static func apply(selecting: [String], ledger request: LoadRequest, waiting: WriterLock.Waiting) throws
        -> Applied
    {
        try LedgerWriter.change(FormatPlan.request(request), waiting: waiting) { loaded, lock in
            let plan = FormatPlan(loaded, selecting: selecting)
            var applied = Applied(plan: plan, formatted: [], refusals: [])
            for change in plan.changes {
                do {
                    try AtomicFile.replace(change.path, under: lock, original: change.original, with: change.canonical)
                    applied.formatted.append(change.path)
                } catch let refusal as AtomicFile.Refusal {
                    applied.refusals.append(refusal.message)
                }
            }
            return applied
        }
    }
}
