import HTLCore
import HTLModel

/// The pipeline's parse step: files → the model, with every problem found
/// along the way. Each file is read on its own (and, given a cache, only
/// when it changed), then the pieces are put together in path order.
package enum LedgerParser {
    /// Builds the model from a ledger's files (any order; they are processed
    /// in byte order of their paths; files htl does not read are ignored).
    /// `entryFindings` are the reader's findings about entries it did not read.
    public static func parse(_ files: [SourceFile], entryFindings: [Finding] = [], cache: ParseCache? = nil) -> ParsedLedger {
        let sorted = files
            .filter { LedgerLayout.kind(of: $0.path) != nil }
            .sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        var parsed = ParsedLedger(ledger: Ledger(), files: sorted, findings: entryFindings, context: ParseContext())
        parsed.context.measuresUnreadable = entryFindings.contains { $0.location.path == LedgerLayout.measuresFile }
        let cache = cache ?? ParseCache()
        if let file = parsed.file(at: LedgerLayout.settingsFile) {
            let (settings, found) = cache.settings(file)
            parsed.ledger.settings = settings
            parsed.findings += found
        }
        if let file = parsed.file(at: LedgerLayout.measuresFile) {
            let (measures, found, readable) = cache.measures(file)
            parsed.ledger.measures = measures
            if !readable { parsed.context.measuresUnreadable = true }
            parsed.findings += found
        }
        // Front matter on every core, then each log (read in pieces on every
        // core); then the pieces are put together in path order (from the cache).
        let logs = sorted.filter { LedgerLayout.kind(of: $0.path) == .log }
        let entities = sorted.filter { LedgerLayout.kind(of: $0.path)?.isEntity ?? false }
        let termWeeks = parsed.ledger.settings.termWeeks
        let slices = Parallel.slices(entities.count)
        _ = Parallel.map(slices.count) { for file in entities[slices[$0]] { warm(file, cache: cache, termWeeks: termWeeks) } }
        for file in logs {
            _ = cache.log(file, measures: parsed.ledger.measures, judgesUnits: !parsed.context.measuresUnreadable)
        }
        for file in sorted {
            add(file, to: &parsed, cache: cache)
        }
        return parsed
    }

    /// Parses a value, term or goal file into the cache.
    private static func warm(_ file: SourceFile, cache: ParseCache, termWeeks: Int) {
        switch LedgerLayout.kind(of: file.path) {
        case .value: _ = cache.value(file)
        case .term: _ = cache.term(file, termWeeks: termWeeks)
        case .goal: _ = cache.goal(file)
        default: break
        }
    }

    private static func add(_ file: SourceFile, to parsed: inout ParsedLedger, cache: ParseCache) {
        let id = LedgerLayout.entityID(of: file.path)
        switch LedgerLayout.kind(of: file.path) {
        case .value:
            let (value, found) = cache.value(file)
            if let value { parsed.ledger.values.append(value) } else { parsed.context.unloadedValueIDs.insert(id) }
            parsed.findings += found
        case .term:
            let (term, found) = cache.term(file, termWeeks: parsed.ledger.settings.termWeeks)
            if let term { parsed.ledger.terms.append(term) } else { parsed.context.unloadedTermIDs.insert(id) }
            parsed.findings += found
        case .goal:
            let (goal, found) = cache.goal(file)
            if let goal { parsed.ledger.goals.append(goal) } else { parsed.context.unloadedGoalIDs.insert(id) }
            parsed.findings += found
        case .log:
            let log = cache.log(file, measures: parsed.ledger.measures, judgesUnits: !parsed.context.measuresUnreadable)
            // The first log's actions are shared with the cache, not copied.
            if parsed.ledger.actions.isEmpty { parsed.ledger.actions = log.actions } else { parsed.ledger.actions += log.actions }
            parsed.findings += log.findings
            parsed.context.linksOnRejectedLines += log.rejectedLinks
        case .review:
            // Free Markdown: htl only asks that it be UTF-8.
            _ = YAMLFile.checkedBytes(file, into: &parsed.findings)
        case .settings, .measures, nil:
            break
        }
    }
}
