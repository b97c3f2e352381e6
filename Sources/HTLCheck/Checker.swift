import HTLCore
import HTLModel
import HTLParse

/// The pipeline's check step: a parsed ledger's findings and the model
/// rules', with the `rules:` severities applied, kept on real positions of
/// their files, and sorted.
package enum Checker {
    /// `extra` carries findings made outside the files (git's append-only
    /// check). `formatting: false` skips `unformatted`, which formats every
    /// file (reports that only count errors do not need it); a `cache` keeps
    /// each file's verdict while its bytes stay the same (the language server).
    /// `warnings: false` skips the model rules that can only warn under the
    /// `rules:` severities (a report that only counts errors): the report
    /// then holds every error, and whatever warnings reading found.
    public static func check(
        _ parsed: ParsedLedger, today: CivilDate, extra: [Finding] = [], formatting: Bool = true,
        warnings: Bool = true, cache: ParseCache? = nil
    ) -> CheckReport {
        let configuration = RuleConfiguration(parsed.ledger.settings.rules)
        var diagnostics = configuration.apply(parsed.findings + extra)
        let severity = formatting ? configuration.severity(of: .unformatted) : nil
        // The model rules and `unformatted` (which formats every file, in
        // slices) share the cores; their findings are put together in a fixed order.
        let rules = RuleRegistry.modelRules.filter { configuration.isLookedFor($0.id, warnings: warnings) }
        // Whether a file has errors is decided after the severities apply.
        let context = RuleContext(
            parsed, today: today, pathsWithErrors: Set(diagnostics.filter(\.isError).map(\.location.path)),
            reads: rules.reduce(into: []) { $0.formUnion($1.reads) })
        let slices = severity == nil ? [] : Parallel.slices(parsed.files.count)
        // A job per rule, or per part of one checked in parts; the heaviest
        // start first (the sort is stable: otherwise in registry order).
        let parts = rules.indices.flatMap { r in
            (0..<rules[r].parts).map { (rule: r, part: RulePart(index: $0, count: rules[r].parts)) }
        }
        let starts = parts.indices.sorted { rules[parts[$0].rule].weight > rules[parts[$1].rule].weight }
        let results = Parallel.map(parts.count + slices.count) { job -> (found: [Diagnostic], unformatted: [Finding]) in
            if job < parts.count {
                let (rule, part) = parts[starts[job]]
                return (configuration.apply(rules[rule].check?(context, part) ?? []), [])
            }
            return (
                [],
                parsed.files[slices[job - parts.count]].compactMap { file in
                    guard let cache else { return RuleDescriptor.unformattedFinding(file) }
                    return cache.formatVerdict(file) { RuleDescriptor.formatVerdict(file) }.finding
                }
            )
        }
        // Findings in registry order (a rule's parts in part order), whatever order the jobs started in.
        var byPart = [[Diagnostic]](repeating: [], count: parts.count)
        for (job, part) in starts.enumerated() { byPart[part] = results[job].found }
        let found = byPart.joined()
        let unformatted = results.flatMap(\.unformatted)
        diagnostics += found
        if let severity {
            let withErrors = Set(diagnostics.filter(\.isError).map(\.location.path))
            diagnostics += unformatted.filter { !withErrors.contains($0.location.path) }.map {
                Diagnostic($0, severity: severity)
            }
        }
        let placed = DiagnosticPlacement.clamp(diagnostics, files: parsed.files)
        return CheckReport(diagnostics: Diagnostic.sortedForOutput(placed), fileCount: parsed.files.count)
    }

    /// The `unformatted` verdict made while the parser has a file at hand,
    /// for a `ParseCache` shared with `check`: the checker then finds it
    /// kept. A Markdown file's YAML is parsed once; a log the parser found
    /// canonical (and valid UTF-8) has no finding, and is not read again.
    package static let judgeOnParse: ParseCache.FormatJudge = { file, parsed in
        RuleDescriptor.formatVerdict(file, parsed: parsed)
    }

    /// Whether `file` is known to be its own canonical form: the check of a
    /// load that asked for `unformatted` found so and `cache` kept it.
    package static func isKnownCanonical(_ file: SourceFile, cache: ParseCache) -> Bool {
        cache.keptVerdict(file)?.isCanonical == true
    }
}
