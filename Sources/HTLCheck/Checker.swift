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
        for rule in RuleRegistry.modelRules where configuration.isEnabled(rule.id) {
            diagnostics += configuration.apply(rule.check?(context) ?? [])
        }
        if formatting, let severity = configuration.severity(of: .unformatted) {
            let withErrors = Set(diagnostics.filter(\.isError).map(\.location.path))
            for file in parsed.files where !withErrors.contains(file.path) {
                if let finding = RuleDescriptor.unformattedFinding(file) { diagnostics.append(Diagnostic(finding, severity: severity)) }
            }
        }
        let placed = DiagnosticPlacement.clamp(diagnostics, files: parsed.files)
        return CheckReport(diagnostics: Diagnostic.sortedForOutput(placed), fileCount: parsed.files.count)
    }
}
