import HTLCore
import HTLModel

extension RuleDescriptor {
    /// A value of the wrong type, out of range, an unknown word, or not a
    /// real date. Most are found while reading a file: `FieldReader`
    /// (Sources/HTLParse/FieldReader.swift) for types, ranges, words and
    /// dates, and the decoders for what only they know: `GoalDecoder` (a
    /// milestone's start, an obligation's keys, targets, cadences, breaks,
    /// tags), `MeasuresDecoder` (the reserved `actions`, `equals`) and
    /// `SettingsDecoder` (`htl`, `behind_margin`, `day_starts_at`), all in
    /// Sources/HTLParse. Two need the whole ledger and are checked here: a
    /// second target for one measure (an alias is its measure) and `off`
    /// for an error rule in `rules:`.
    static let invalidValue = RuleDescriptor(
        .invalidValue, .error,
        summary: "wrong type, out of range, unknown word, or not a real date",
        failing: RuleExample(
            [
                (
                    "goals/run-100km.md",
                    """
                    ---
                    title: Run 100 km
                    importance: ①11
                    start: 2026-11-02
                    target: ②2027-02-30
                    term: 7
                    targets:
                      km: 100
                      ③kilometre: 20
                    values:
                      health: 9
                    tags: [running, ④"#outdoors"]
                    status: ⑤Active
                    ---
                    ## Action plan
                    - Three runs a week.
                    """
                ),
                (
                    "htl.yaml",
                    """
                    htl: 1
                    title: Example ledger
                    rules:
                      unknown-unit: ⑥off
                    """
                ),
            ],
            finds: [
                "①": "importance must be an integer from 1 to 10, found 11",
                "②": "target: 2027-02-30 is not a real date: February 2027 has 28 days",
                "③": "a second target for measure 'km' (already given as 'km')",
                "④": "tag '#outdoors' may only use letters, digits, '-' and '_' (write tags without '#')",
                "⑤": "status must be one of active, done, dropped, found Active (did you mean 'active'?)",
                "⑥": "unknown-unit is an error rule: it can be lowered to warning but not turned off",
            ]),
        passing: RuleExample([
            (
                "goals/run-100km.md",
                RuleExample.goal(adding: ["importance: 10", "tags: [running, outdoors]", "status: active"])
            ),
            (
                "htl.yaml",
                """
                htl: 1
                title: Example ledger
                rules:
                  future-action: off
                """
            ),
        ]),
        reportedBy: .fileReader,
        check: { targetMeasureTwice($0) + errorRuleTurnedOff($0) })

    /// At most one target and one cadence per measure: `km` and its alias
    /// `kilometre` are one measure.
    private static func targetMeasureTwice(_ context: RuleContext) -> [Finding] {
        var found: [Finding] = []
        // A goal with one target (or none) cannot name a measure twice, and
        // is looked at no further (a table per goal, for ten thousand goals,
        // was a fifth of the checker's work on them).
        for goal in context.ledger.goals {
            if goal.targets.count > 1 {
                found += measureTwice(goal.targets.map { ($0.measure, $0.location) }, "target", context.ledger.measures)
            }
            if goal.cadences.count > 1 {
                found += measureTwice(
                    goal.cadences.map { ($0.measure, $0.location) }, "cadence", context.ledger.measures)
            }
        }
        return found
    }

    private static func measureTwice(_ named: [(String, SourceLocation)], _ what: String, _ measures: MeasureCatalog)
        -> [Finding]
    {
        var found: [Finding] = []
        // Each id with the name it was first given as: looked through while
        // there are few (a goal has a handful of targets), a table beyond.
        var seen: [(id: String, name: String)] = []
        var table: [String: String]? = named.count > 8 ? [:] : nil
        for (measure, location) in named {
            guard let id = measure == Goal.actionsMeasure ? measure : measures.measureID(for: measure) else { continue }
            if let first = table != nil ? table?[id] : seen.first(where: { $0.id == id })?.name {
                found.append(
                    Finding(
                        .invalidValue, location, "a second \(what) for measure '\(id)' (already given as '\(first)')"))
            } else if table != nil {
                table?[id] = measure
            } else {
                seen.append((id, measure))
            }
        }
        return found
    }

    /// Errors can be lowered to warnings, not silenced (the checker then
    /// treats `off` as `warning`).
    private static func errorRuleTurnedOff(_ context: RuleContext) -> [Finding] {
        context.ledger.settings.rules.compactMap { setting in
            guard setting.level == .off, !RuleRegistry.descriptor(setting.rule).canBeTurnedOff else { return nil }
            return Finding(
                .invalidValue, setting.location,
                "\(setting.rule.rawValue) is an error rule: it can be lowered to warning but not turned off")
        }
    }
}
