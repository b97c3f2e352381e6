import HTLCheck
import HTLCore
import HTLLoad
import HTLModel
import HTLProgress

/// The JSON shapes of CLI.md, keys in the documented order.
public enum ReportJSON {
    /// Ratios and progress: rounded half-even to 4 digits.
    static func ratio(_ value: ExactDecimal?) -> JSON {
        value.map { .decimal($0.rounded(toFractionDigits: 4)) } ?? .null
    }

    static func maybeInt(_ value: Int?) -> JSON {
        value.map(JSON.int) ?? .null
    }

    /// The goal object shared by status, progress, terms and export.
    public static func goal(_ g: GoalProgress) -> [(String, JSON)] {
        head(g) + [
            ("terms", .array(g.goal.terms.map { .int($0.number) })),
            ("targets", .array(g.targets.map { .object(target($0)) } + g.cadences.map { .object(cadence($0)) })),
            ("checklist", .object([("done", .int(g.checklistDone)), ("total", .int(g.checklistTotal))])),
            ("values", .array(g.goal.values.map { .object([("id", .string($0.value)), ("strength", .int($0.strength))]) })),
        ]
    }

    /// The goal object's first fields: a goal in a list of things to do
    /// (`htl next`, `htl due`, `htl review`).
    static func head(_ g: GoalProgress) -> [(String, JSON)] {
        [
            ("id", .string(g.id)),
            ("title", .string(g.goal.title)),
            ("kind", .string(g.goal.kind.rawValue)),
            ("state", .string(g.state.rawValue)),
            ("progress", ratio(g.progress)),
            ("start", .date(g.goal.start)),
            ("target", .date(g.goal.target)),
            ("days_left", maybeInt(g.daysLeft)),
            ("importance", .int(g.goal.importance)),
            ("urgency", .int(g.goal.urgency)),
        ]
    }

    static func target(_ t: GoalProgress.TargetProgress) -> [(String, JSON)] {
        [
            ("measure", .string(t.measure)),
            ("target", .decimal(t.target)),
            ("actual", .decimal(t.actual)),
            ("ratio", ratio(t.ratio)),
        ]
    }

    /// A cadence target (CLI.md): `"target": null` and a `"cadence"` object.
    static func cadence(_ c: CadenceProgress) -> [(String, JSON)] {
        [
            ("measure", .string(c.measure)),
            ("target", .null),
            ("actual", .decimal(c.actual)),
            ("ratio", ratio(c.ratio)),
            ("cadence", .object([
                ("amount", .decimal(c.cadence.amount)),
                ("per", .string(c.cadence.period.rawValue)),
                ("at_most", .bool(c.cadence.atMost)),
                ("periods", .int(c.periods)),
                ("met", .int(c.met)),
                ("missed", .int(c.missed)),
                ("current", c.current.map { p in
                    .object([
                        ("start", .date(p.days.start)),
                        ("end", .date(p.days.end)),
                        ("actual", .decimal(p.amount)),
                        ("required", .decimal(p.required)),
                        ("status", .string(p.status.rawValue)),
                    ])
                } ?? .null),
                ("streak", .int(c.streak)),
                ("best_streak", .int(c.bestStreak)),
                ("excused", .int(c.excused)),
            ])),
        ]
    }

    public static func term(_ t: TermProgress) -> [(String, JSON)] {
        [
            ("number", .int(t.term.number)),
            ("title", .string(t.term.title)),
            ("start", .date(t.term.start)),
            ("end", .date(t.term.end)),
            ("state", .string(t.state.rawValue)),
            ("week", maybeInt(t.week)),
            ("weeks", .int(t.weeks)),
            ("days_left", .int(t.daysLeft)),
            ("goals", .array(t.goals.map(JSON.string))),
            ("mean_progress", ratio(t.meanProgress)),
            ("dropped_goals", .array(t.droppedGoals.map(JSON.string))),
        ]
    }

    /// An action counting toward `goals`, written at the indentation it is placed at.
    static func action(_ a: Action, goals: [String], measures: MeasureCatalog) -> JSON {
        action(a, goals: (0..<goals.count).map(Int32.init), writers: ActionJSON.Writers(measures: measures, goalIDs: goals))
    }

    /// An action counting toward the goals at `positions` of the writers' goal ids.
    static func action(_ a: Action, goals positions: [Int32], writers: ActionJSON.Writers) -> JSON {
        .writtenObject { out, indent in
            [a].withUnsafeBufferPointer { actions in
                positions.withUnsafeBufferPointer { positions in
                    writers.writer(indent: indent).write(0..<1, of: actions, goalsOf: { _ in positions }, into: &out, before: { _, _ in })
                }
            }
        }
    }

    public static func value(_ v: ValueInsight) -> [(String, JSON)] {
        [
            ("id", .string(v.value.id)),
            ("title", .string(v.value.title)),
            ("level", .string(v.value.level.rawValue)),
            ("priority", .int(v.value.priority)),
            ("goals", .array(v.goals.map { .object([("id", .string($0.id)), ("strength", .int($0.strength)), ("progress", ratio($0.progress))]) })),
            ("mean_strength", ratio(v.meanStrength)),
            ("weighted_progress", ratio(v.weightedProgress)),
            ("actions_30d", .int(v.actions30d)),
            ("neglected", .bool(v.neglected)),
        ]
    }

    // MARK: Documents

    public static func status(_ report: ProgressReport, term: TermProgress?, goals: [GoalProgress]) -> String {
        JSON.object([
            ("today", .date(report.today)),
            ("term", term.map { .object(ReportJSON.term($0)) } ?? .null),
            ("goals", .array(goals.map { .object(goal($0)) })),
        ]).serialized()
    }

    public static func progress(_ g: GoalProgress, ledger: Ledger, report: ProgressReport) -> String {
        var fields = goal(g)
        if let k = fields.firstIndex(where: { $0.0 == "targets" }) {
            fields[k].1 = .array(g.targets.map { t in
                .object(target(t) + [
                    ("remaining", .decimal(t.remaining)),
                    ("needed_per_week", t.neededPerWeek.map(JSON.decimal) ?? .null),
                ])
            } + g.cadences.map { c in
                // What this period still needs (at least) or still allows (at most).
                .object(cadence(c) + [
                    ("remaining", c.current.map { .decimal(max($0.required - $0.amount, .zero)) } ?? .null),
                    ("needed_per_week", .null),
                ])
            })
        }
        fields += [
            ("projected_finish", .date(g.projectedFinish)),
            ("pace_days", maybeInt(g.paceDays)),
            ("actions", actionList(g.actionIndices.sorted { Action.chronologically(ledger.actions[$0], ledger.actions[$1]) },
                                   ledger: ledger, report: report)),
        ]
        return JSON.object(fields).serialized()
    }

    public static func terms(_ report: ProgressReport) -> String {
        JSON.object([("terms", .array(report.terms.map { .object(term($0)) }))]).serialized()
    }

    public static func values(_ report: ProgressReport) -> String {
        JSON.object([
            ("values", .array(report.values.map { .object(value($0)) })),
            ("unaligned_goals", .array(report.unalignedGoals.map(JSON.string))),
        ]).serialized()
    }

    /// `indices` into `ledger.actions`, already filtered and ordered.
    public static func actions(_ indices: [Int], ledger: Ledger, report: ProgressReport) -> String {
        JSON.object([("actions", actionList(indices, ledger: ledger, report: report))]).serialized()
    }

    static func actionList(_ indices: [Int], ledger: Ledger, report: ProgressReport) -> JSON {
        let goals = report.goalsCounting(indices, actionCount: ledger.actions.count)
        // One set of writers for the whole list (made per action, the tables cost more than the action).
        let ids = report.goals.map(\.id)
        var positions: [String: Int32] = [:]
        for (k, id) in ids.enumerated() where positions[id] == nil { positions[id] = Int32(k) }
        let writers = ActionJSON.Writers(measures: ledger.measures, goalIDs: ids)
        return .array(indices.map { i in
            action(ledger.actions[i], goals: (goals[i] ?? []).compactMap { positions[$0] }, writers: writers)
        })
    }

    /// `htl diff --json`.
    public static func diff(_ diff: ProgressDiff, from: String, to: String) -> String {
        JSON.object([
            ("from", .string(from)),
            ("to", .string(to)),
            ("goals", .array(diff.goals.map { g in
                .object([
                    ("id", .string(g.id)),
                    ("title", .string(g.title)),
                    ("change", .string(g.change.rawValue)),
                    ("from_progress", ratio(g.fromProgress)),
                    ("to_progress", ratio(g.toProgress)),
                    ("delta", ratio(g.delta)),
                    ("targets", .array(g.targets.map { t in
                        .object([("measure", .string(t.measure)), ("from", t.from.map(JSON.decimal) ?? .null), ("to", t.to.map(JSON.decimal) ?? .null)])
                    })),
                ])
            })),
            ("actions_added", .int(diff.actionsAdded)),
        ]).serialized()
    }

    /// `htl next --json`: the four quadrants in order, each with its goals.
    public static func next(_ report: ProgressReport) -> String {
        JSON.object([
            ("today", .date(report.today)),
            ("quadrants", .array(Eisenhower.matrix(report).map { quadrant, goals in
                .object([
                    ("quadrant", .string(quadrant.rawValue)),
                    ("goals", .array(goals.map { g in .object(head(g) + [("next_step", nextStep(NextStep(g)))]) })),
                ])
            })),
        ]).serialized()
    }

    static func nextStep(_ step: NextStep) -> JSON {
        let text: (String, JSON) = ("text", .string(NextText.words(step)))
        switch step {
        case .checklist: return .object([("kind", .string("checklist")), text])
        case .thisWeek(let amount, let measure):
            return .object([("kind", .string("pace")), ("amount", .decimal(amount)), ("measure", .string(measure)), text])
        case .remaining(let amount, let measure):
            return .object([("kind", .string("remaining")), ("amount", .decimal(amount)), ("measure", .string(measure)), text])
        case .holdOff(let measure, let until):
            return .object([("kind", .string("hold_off")), ("measure", .string(measure)), ("until", .date(until)), text])
        case .cadence(let amount, let measure, let atMost, let by):
            return .object([("kind", .string("cadence")), ("amount", .decimal(amount)), ("measure", .string(measure)),
                            ("at_most", .bool(atMost)), ("by", .date(by)), text])
        case .none: return .null
        }
    }

    /// `htl review --json`: every number of the review, and its prompts.
    public static func review(_ r: Review, report: ProgressReport) -> String {
        let term: JSON
        if case .term(let n) = r.span { term = .int(n) } else { term = .null }
        func tallies(_ list: [Review.Tally]) -> JSON {
            .array(list.map { .object([("id", .string($0.id)), ("title", .string($0.title)), ("actions", .int($0.actions))]) })
        }
        return JSON.object([
            ("name", .string(r.name)),
            ("span", .string(term == .null ? "week" : "term")),
            ("term", term),
            ("start", .date(r.period.start)),
            ("end", .date(r.period.end)),
            ("today", .date(r.today)),
            ("actions", .int(r.actions)),
            ("goals", tallies(r.goals)),
            ("values", tallies(r.values)),
            ("totals", .array(r.totals.map { .object([("measure", .string($0.measure)), ("amount", .decimal($0.amount))]) })),
            ("moved", .array(r.moves.map { m in
                .object([("id", .string(m.goal.id)), ("title", .string(m.goal.goal.title)),
                         ("progress_before", ratio(m.before)), ("progress", ratio(m.goal.progress)),
                         ("state_before", .string(m.stateBefore.rawValue)), ("state", .string(m.goal.state.rawValue))])
            })),
            ("stalled", .array(r.stalled.map { s in
                .object([("id", .string(s.goal.id)), ("title", .string(s.goal.goal.title)), ("last_action", .date(s.lastAction)),
                         ("days_since", maybeInt(s.lastAction.map { $0.days(until: r.today) }))])
            })),
            ("missed_periods", .array(r.missed.map { m in
                .object([("id", .string(m.goal.id)), ("measure", .string(m.measure)),
                         ("start", .date(m.period.start)), ("end", .date(m.period.end))])
            })),
            ("overdue", .array(r.due.overdue.map { .object(head($0)) })),
            ("due", .array(r.due.due.map { .object(head($0)) })),
            ("neglected_values", .array(r.neglected.map { .string($0.value.id) })),
            ("prompts", .array(ReviewText.PromptKind.allCases.map { kind in
                .object([("kind", .string(kind.rawValue)), ("text", .string(ReviewText.prompt(kind, r, report: report)))])
            })),
        ]).serialized()
    }

    /// `htl due --json`.
    public static func due(_ list: DueList, within days: Int, today: CivilDate) -> String {
        JSON.object([
            ("today", .date(today)),
            ("within", .int(days)),
            ("overdue", .array(list.overdue.map { .object(head($0)) })),
            ("due", .array(list.due.map { .object(head($0)) })),
        ]).serialized()
    }
}
