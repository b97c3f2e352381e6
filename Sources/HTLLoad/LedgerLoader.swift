import HTLCheck
import HTLCore
import HTLModel
import HTLParse
import HTLProgress
import HTLSystem

/// The one pipeline every command and server calls (in the spirit of
/// beancount's loader): read the files (from disk, git's index or a
/// commit, with unsaved buffers laid over them; the committed log lines
/// compared while they are parsed, git answering meanwhile) → parse them into the model
/// → check it (rules, `rules:` severities, the append-only rule) → compute
/// progress as of today.
public enum LedgerLoader {
    public static func load(_ request: LoadRequest) throws -> LoadedLedger {
        let read = try LedgerReader.read(request)
        let comparing = LedgerReader.comparingCommitted(request, read)
        return try pipeline(request, read) { try comparing.result() }
    }

    /// A ledger given as files in memory (a writer's proposal, a template,
    /// an example): the same pipeline on files nothing was read for, so
    /// nothing can fail; its root is `LedgerRoot.inMemory` (nothing is inside it).
    public static func load(files: [SourceFile], today: CivilDate, formatting: Bool = false) -> LoadedLedger {
        var request = LoadRequest(root: .inMemory, today: today)
        request.formatting = formatting
        return pipeline(request, LedgerReader.Read(files: files)) { ([], [:]) }
    }

    /// Parse → check → compute, on files read for `request`;
    /// `committed` answers the append-only comparison once the files are parsed.
    private static func pipeline(
        _ request: LoadRequest, _ read: LedgerReader.Read,
        committed: () throws -> LedgerReader.Committed
    ) rethrows -> LoadedLedger {
        var read = read
        // One cache for parsing and checking: `unformatted` is decided on the parser's YAML trees.
        // Lines logged twice are looked for when `duplicate-action` is on,
        // and without warnings only when `rules:` make it an error.
        let warnings = request.warnings
        // A cache of its own serves this load alone: parses are not kept (`keepsParses`).
        let cache =
            request.cache
            ?? ParseCache(judge: request.formatting ? Checker.judgeOnParse : nil, keepsParses: false) { settings in
                RuleConfiguration(settings.rules).isLookedFor(.duplicateAction, warnings: warnings)
            }
        let parsed = LedgerParser.parse(read.files, entryFindings: read.entryFindings, cache: cache)
        (read.appendOnlyFindings, read.committedLines) = try committed()
        let today = read.commitDay ?? parsed.ledger.settings.today(at: request.now)
        // Checking, then computing progress: each shares its work out over every core
        // (side by side, the one nested inside the other would get a single core).
        let checked = Checker.check(
            parsed, today: today, extra: read.appendOnlyFindings, formatting: request.formatting,
            warnings: request.warnings, cache: cache)
        let progress = request.computeProgress ? ProgressEngine.compute(parsed.ledger, today: today) : nil
        var report = checked
        if request.source == .staged {
            // A committed line can never change: its warnings were shown when it was committed (CLI.md).
            report = report.withoutWarnings(onCommittedLines: read.committedLines)
        }
        return LoadedLedger(
            root: request.root, today: today, parsed: parsed, check: report, progress: progress, cache: cache)
    }
}
