import HTLCore
import HTLModel

/// The pipeline's parse step: files → the model, with every problem found
/// along the way. Each file is read on its own (and, given a cache, only
/// when it changed), then the pieces are put together in path order.
package enum LedgerParser {
    /// Builds the model from a ledger's files (any order; they are processed
    /// in byte order of their paths; files htl does not read are ignored).
    /// `entryFindings` are the reader's findings about entries it did not read.
    public static func parse(_ files: [SourceFile], entryFindings: [Finding] = [], cache: ParseCache? = nil)
        -> ParsedLedger
    {
        // Each file's kind, asked once.
        let known = files.compactMap { file in LedgerLayout.kind(of: file.path).map { (file: file, kind: $0) } }
            .sorted { ByteOrder.precedes($0.file.path, $1.file.path) }
        let sorted = known.map(\.file)
        var parsed = ParsedLedger(ledger: Ledger(), files: sorted, findings: entryFindings, context: ParseContext())
        parsed.context.measuresUnreadable = entryFindings.contains { $0.location.path == LedgerLayout.measuresFile }
        // A cache made here serves this parse alone.
        let cache = cache ?? ParseCache(keepsParses: false)
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
        let logs = known.filter { $0.kind == .log }.map(\.file)
        let entities = known.filter { $0.kind.isEntity }.map(\.file)
        let termWeeks = parsed.ledger.settings.termWeeks
        let slices = Parallel.slices(entities.count, pieces: 32)
        // Handed back in path order (the entities are a run of `sorted`'s order) and
        // taken from here, never asked of the cache a second time.
        var read = Parallel.map(slices.count) {
            entities[slices[$0]].map { entity($0, cache: cache, termWeeks: termWeeks) }
        }
        .joined().makeIterator()
        var logParses = logs.map { file in
            cache.log(
                file, measures: parsed.ledger.measures, judgesUnits: !parsed.context.measuresUnreadable,
                settings: parsed.ledger.settings)
        }.makeIterator()
        for (file, kind) in known {
            if kind.isEntity, let entity = read.next() {
                add(entity, of: file, to: &parsed)
            } else if kind == .log, let log = logParses.next() {
                add(log, to: &parsed)
            } else if kind == .review {
                // Free Markdown: htl only asks that it be UTF-8.
                _ = YAMLFile.checkedBytes(file, into: &parsed.findings)
            }
        }
        return parsed
    }

    /// A value, term or goal file's parse (kept in the cache too when it keeps parses).
    private enum Entity {
        case value(Value?, [Finding])
        case term(Term?, [Finding])
        case goal(Goal?, [Finding])
    }

    /// (Asked only of value, term and goal files.)
    private static func entity(_ file: SourceFile, cache: ParseCache, termWeeks: Int) -> Entity {
        switch LedgerLayout.kind(of: file.path) {
        case .value:
            let (value, found) = cache.value(file)
            return .value(value, found)
        case .term:
            let (term, found) = cache.term(file, termWeeks: termWeeks)
            return .term(term, found)
        default:
            let (goal, found) = cache.goal(file)
            return .goal(goal, found)
        }
    }

    /// Puts a value, term or goal into the ledger (or notes that it did not load).
    private static func add(_ entity: Entity, of file: SourceFile, to parsed: inout ParsedLedger) {
        let id = LedgerLayout.entityID(of: file.path)
        switch entity {
        case .value(let value, let found):
            if let value { parsed.ledger.values.append(value) } else { parsed.context.unloadedValueIDs.insert(id) }
            parsed.findings += found
        case .term(let term, let found):
            if let term { parsed.ledger.terms.append(term) } else { parsed.context.unloadedTermIDs.insert(id) }
            parsed.findings += found
        case .goal(let goal, let found):
            if let goal {
                parsed.ledger.goals.append(goal)
            } else {
                parsed.context.unloadedGoalIDs.insert(id)
                parsed.context.unloadedGoalPaths.append(file.path)
            }
            parsed.findings += found
        }
    }

    /// Puts a log's actions into the ledger.
    private static func add(_ log: LogParse, to parsed: inout ParsedLedger) {
        // The first log's actions are shared with the parse (and the cache, when it keeps them), not copied.
        if parsed.ledger.actions.isEmpty {
            parsed.ledger.actions = log.actions
        } else {
            parsed.ledger.actions += log.actions
        }
        parsed.findings += log.findings
        parsed.context.linksOnRejectedLines += log.rejectedLinks
    }
}
