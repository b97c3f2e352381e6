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
        var read = try LedgerReader.read(request)
        // One cache for parsing and checking: `unformatted` is decided on the parser's YAML trees.
        // Lines logged twice are looked for when `duplicate-action` is on,
        // and without warnings only when `rules:` make it an error.
        let warnings = request.warnings
        // A cache of its own serves this load alone: parses are not kept (`keepsParses`).
        let cache = request.cache ?? ParseCache(use: request.formatting ? Checker.unformattedOnParse : nil, keepsParses: false) { settings in
            RuleConfiguration(settings.rules).isLookedFor(.duplicateAction, warnings: warnings)
        }
        let comparing = LedgerReader.comparingCommitted(request, read)
        let parsed = LedgerParser.parse(read.files, entryFindings: read.entryFindings, cache: cache)
        (read.appendOnlyFindings, read.committedLines) = try comparing.result()
        let today = parsed.ledger.settings.today(at: request.now)
        // Checking, then computing progress: each shares its work out over every core
        // (side by side, the one nested inside the other would get a single core).
        let checked = Checker.check(parsed, today: today, extra: read.appendOnlyFindings, formatting: request.formatting,
                                    warnings: request.warnings, cache: cache)
        let progress = request.computeProgress ? ProgressEngine.compute(parsed.ledger, today: today) : nil
        var report = checked
        if request.source == .staged {
            // A committed line can never change: its warnings were shown when it was committed (CLI.md).
            report = report.withoutWarnings(onCommittedLines: read.committedLines)
        }
        return LoadedLedger(root: request.root, today: today, parsed: parsed, check: report, progress: progress, cache: cache)
    }

    /// A ledger given as files in memory (tests, proposals, examples): parsed,
    /// checked and computed like one read from disk.
    public static func load(files: [SourceFile], today: CivilDate, extra: [Finding] = [], formatting: Bool = false) -> (parsed: ParsedLedger, check: CheckReport) {
        let parsed = LedgerParser.parse(files)
        return (parsed, Checker.check(parsed, today: today, extra: extra, formatting: formatting))
    }
}
