import HTLCore
import HTLModel
import HTLParse

/// The pipeline's check step: a parsed ledger's findings and the model
/// rules', with the `rules:` severities applied, kept on real positions of
/// their files, and sorted.
package enum Checker {
    /// `extra` carries findings made outside the files (git's append-only
    /// check). `formatting: false` skips `unformatted`, which formats every
    /// file (reports that only count errors do not need it).
    public static func check(_ parsed: ParsedLedger, today: CivilDate, extra: [Finding] = [], formatting: Bool = true) -> CheckReport {
        let configuration = RuleConfiguration(parsed.ledger.settings.rules)
        var diagnostics = configuration.apply(parsed.findings + extra)
        // Whether a file has errors is decided after the severities apply.
        let context = RuleContext(parsed, today: today, pathsWithErrors: Set(diagnostics.filter(\.isError).map(\.location.path)))
        let severity = formatting ? configuration.severity(of: .unformatted) : nil
        // `unformatted` formats every file: it runs beside the model rules, and
        // its findings are kept afterwards for files without errors.
        let (found, unformatted) = Parallel.both({
            RuleRegistry.modelRules.filter { configuration.isEnabled($0.id) }.flatMap { configuration.apply($0.check?(context) ?? []) }
        }, {
            severity == nil ? [] : parsed.files.compactMap(RuleDescriptor.unformattedFinding)
        })
        diagnostics += found
        if let severity {
            let withErrors = Set(diagnostics.filter(\.isError).map(\.location.path))
            diagnostics += unformatted.filter { !withErrors.contains($0.location.path) }.map { Diagnostic($0, severity: severity) }
        }
        let placed = DiagnosticPlacement.clamp(diagnostics, files: parsed.files)
        return CheckReport(diagnostics: Diagnostic.sortedForOutput(placed), fileCount: parsed.files.count)
    }
}
