import HTLCore
import HTLModel

/// The pipeline's first half: files → parsed nodes → the model, with every
/// problem found along the way. Validation of the model is `Validator`.
public enum LedgerLoader {
    public struct Result: Sendable {
        public var ledger: Ledger
        /// Findings from reading and parsing, unsorted, default severities.
        public var diagnostics: [Diagnostic]
    }

    /// Builds the model from the files of a ledger (any order; they are
    /// processed in byte order of their paths). Files htl does not read are ignored.
    public static func load(_ files: [SourceFile], entryFindings: [Diagnostic] = []) -> Result {
        var ledger = Ledger()
        var diagnostics: [Diagnostic] = entryFindings
        for d in entryFindings { ledger.pathsWithErrors.insert(d.location.path) }
        // measures.yaml exists but could not be read: units and targets are not
        // judged against it (one finding about the file, not one per log line).
        ledger.measuresUnreadable = ledger.pathsWithErrors.contains(LedgerLayout.measuresFile)
        let sorted = files
            .filter { LedgerLayout.kind(of: $0.path) != nil }
            .sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        ledger.files = sorted

        if let file = sorted.first(where: { $0.path == LedgerLayout.settingsFile }) {
            let (settings, found) = SettingsDecoder.decode(file)
            ledger.settings = settings
            diagnostics += found
        }
        if let file = sorted.first(where: { $0.path == LedgerLayout.measuresFile }) {
            let (measures, found, readable) = MeasuresDecoder.decode(file)
            ledger.measures = measures
            if !readable { ledger.measuresUnreadable = true }
            diagnostics += found
        }
        let parser = LogParser(measures: ledger.measures, judgesUnits: !ledger.measuresUnreadable)
        for file in sorted {
            switch LedgerLayout.kind(of: file.path) {
            case .value:
                let (value, found) = ValueDecoder.decode(file)
                if let value { ledger.values.append(value) } else { ledger.unloadedValueIDs.insert(LedgerLayout.entityID(of: file.path)) }
                diagnostics += found
            case .term:
                let (term, found) = TermDecoder.decode(file, termWeeks: ledger.settings.termWeeks)
                if let term { ledger.terms.append(term) } else { ledger.unloadedTermIDs.insert(LedgerLayout.entityID(of: file.path)) }
                diagnostics += found
            case .goal:
                let (goal, found) = GoalDecoder.decode(file)
                if let goal { ledger.goals.append(goal) } else { ledger.unloadedGoalIDs.insert(LedgerLayout.entityID(of: file.path)) }
                diagnostics += found
            case .log:
                parser.parse(file, into: &ledger.actions, &diagnostics, rejectedLinks: &ledger.linksOnRejectedLines)
            case .settings, .measures, nil:
                break
            }
        }
        for d in diagnostics where d.severity == .error { ledger.pathsWithErrors.insert(d.location.path) }
        return Result(ledger: ledger, diagnostics: diagnostics)
    }
}
