import HTLCheck
import HTLCore
import HTLJSON
import HTLModel
import HTLProgress

/// The JSON shapes of CLI.md, keys in the documented order.
public enum ReportJSON {
    /// Ratios and progress: rounded half-even to 4 digits.
    static func rounded(_ value: ExactDecimal?) -> ExactDecimal? {
        value?.rounded(toFractionDigits: 4)
    }

    /// `rounded` as a JSON number (null for none).
    static func ratio(_ value: ExactDecimal?) -> JSON {
        rounded(value).map(JSON.decimal) ?? .null
    }

    static func maybeInt(_ value: Int?) -> JSON {
        value.map(JSON.int) ?? .null
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
        action(
            a, goals: (0..<goals.count).map(Int32.init), writers: ActionJSON.Writers(measures: measures, goalIDs: goals)
        )
    }

    /// An action counting toward the goals at `positions` of the writers' goal ids.
    static func action(_ a: Action, goals positions: [Int32], writers: ActionJSON.Writers) -> JSON {
        .writtenObject { out, indent in
            writers.writer(indent: indent).write(
                0..<1, of: [a], goalsOf: { _ in positions[...] }, into: &out, before: { _, _ in })
        }
    }

    public static func value(_ v: ValueInsight) -> [(String, JSON)] {
        [
            ("id", .string(v.value.id)),
            ("title", .string(v.value.title)),
            ("level", .string(v.value.level.rawValue)),
            ("priority", .int(v.value.priority)),
            (
                "goals",
                .array(
                    v.goals.map {
                        .object([
                            ("id", .string($0.id)), ("strength", .int($0.strength)), ("progress", ratio($0.progress)),
                        ])
                    })
            ),
            ("mean_strength", ratio(v.meanStrength)),
            ("weighted_progress", ratio(v.weightedProgress)),
            ("actions_30d", .int(v.actions30d)),
            ("neglected", .bool(v.neglected)),
        ]
    }

    // MARK: Documents

    /// `timer`: the running timer's JSON (`ReportJSON.timer`), null when none runs.
    public static func status(_ report: ProgressReport, term: TermProgress?, goals: [GoalProgress], timer: JSON = .null)
        -> String
    {
        JSON.object([
            ("today", .date(report.today)),
            ("term", term.map { .object(ReportJSON.term($0)) } ?? .null),
            ("goals", .array(goals.map { GoalJSON.json($0, .full) })),
            (
                "unreadable_goals",
                .array(
                    report.unreadableGoals.map {
                        .object([
                            ("id", .string($0.id)), ("path", .string($0.path)), ("line", .int($0.location.line)),
                            ("column", .int($0.location.column)), ("message", .string($0.message)),
                        ])
                    })
            ),
            ("timer", timer),
        ]).serialized()
    }

    /// `{"text", "started", "minutes"}` for status JSON; null when no timer runs.
    public static func timer(_ timer: TimerState?, at now: Now) -> JSON {
        guard let timer, timer.running else { return .null }
        return .object([
            ("text", .string(timer.text)), ("started", .string("\(timer.date)T\(timer.time)")),
            ("minutes", TimerWords.minutes(timer, at: now).map { .int($0) } ?? .null),
        ])
    }

    public static func progress(_ g: GoalProgress, ledger: Ledger, report: ProgressReport) -> String {
        let actions = actionList(
            g.actionIndices.sorted { Action.chronologically(ledger.actions[$0], ledger.actions[$1]) },
            ledger: ledger, report: report)
        var out = JSONBytes()
        GoalJSON.write(g, .detailed, into: &out, indent: 0) { o, out in
            o.date("projected_finish", g.projectedFinish, &out)
            o.int("pace_days", g.paceDays, &out)
            o.value("actions", actions, &out)
        }
        out.append("\n")
        return out.text
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
        let goals = report.goalsCounting(indices, in: ledger.actions)
        // One set of writers for the whole list (made per action, the tables cost more than the action).
        let ids = report.goals.map(\.id)
        var positions: [String: Int32] = [:]
        for (k, id) in ids.enumerated() where positions[id] == nil { positions[id] = Int32(k) }
        let writers = ActionJSON.Writers(measures: ledger.measures, goalIDs: ids)
        return .array(
            indices.map { i in
                action(ledger.actions[i], goals: (goals[i] ?? []).compactMap { positions[$0] }, writers: writers)
            })
    }

    /// `htl diff --json`.
    public static func diff(_ diff: ProgressDiff, from: String, to: String) -> String {
        JSON.object([
            ("from", .string(from)),
            ("to", .string(to)),
            ("from_as_of", .date(diff.fromDay)),
            ("to_as_of", .date(diff.toDay)),
            (
                "goals",
                .array(
                    diff.goals.map { g in
                        .object([
                            ("id", .string(g.id)),
                            ("title", .string(g.title)),
                            ("change", .string(g.change.rawValue)),
                            ("from_progress", ratio(g.fromProgress)),
                            ("to_progress", ratio(g.toProgress)),
                            ("delta", ratio(g.delta)),
                            ("from_state", g.fromState.map { .string($0.rawValue) } ?? .null),
                            ("to_state", g.toState.map { .string($0.rawValue) } ?? .null),
                            (
                                "targets",
                                .array(
                                    g.targets.map { t in
                                        .object([
                                            ("measure", .string(t.measure)),
                                            ("from", t.from.map(JSON.decimal) ?? .null),
                                            ("to", t.to.map(JSON.decimal) ?? .null),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
            ("actions_added", .int(diff.actionsAdded)),
            ("corrections_added", .int(diff.correctionsAdded)),
            ("to_come_added", .int(diff.toComeAdded)),
        ]).serialized()
    }

    /// `htl next --json`: the four quadrants in order, each with its goals.
    public static func next(_ report: ProgressReport) -> String {
        JSON.object([
            ("today", .date(report.today)),
            (
                "quadrants",
                .array(
                    Eisenhower.matrix(report).map { quadrant, goals in
                        .object([
                            ("quadrant", .string(quadrant.rawValue)),
                            (
                                "goals",
                                .array(
                                    goals.map { g in
                                        let step = nextStep(NextStep(g), report.measures)
                                        return GoalJSON.json(g, .head) { o, out in o.value("next_step", step, &out) }
                                    })
                            ),
                        ])
                    })
            ),
        ]).serialized()
    }

    static func nextStep(_ step: NextStep, _ measures: MeasureCatalog) -> JSON {
        let text: (String, JSON) = ("text", .string(NextText.words(step, measures)))
        switch step {
        case .checklist: return .object([("kind", .string("checklist")), text])
        case .thisWeek(let amount, let measure):
            return .object([
                ("kind", .string("pace")), ("amount", .decimal(amount)), ("measure", .string(measure)), text,
            ])
        case .remaining(let amount, let measure):
            return .object([
                ("kind", .string("remaining")), ("amount", .decimal(amount)), ("measure", .string(measure)), text,
            ])
        case .holdOff(let measure, let until):
            return .object([
                ("kind", .string("hold_off")), ("measure", .string(measure)), ("until", .date(until)), text,
            ])
        case .cadence(let amount, let measure, let atMost, let by):
            return .object([
                ("kind", .string("cadence")), ("amount", .decimal(amount)), ("measure", .string(measure)),
                ("at_most", .bool(atMost)), ("by", .date(by)), text,
            ])
        case .none: return .null
        }
    }

    /// `htl review --json`: every number of the review, and its prompts.
    public static func review(_ r: Review, report: ProgressReport) -> String {
        let term: JSON
        if case .term(let n) = r.span { term = .int(n) } else { term = .null }
        func tallies(_ list: [Review.Tally]) -> JSON {
            .array(
                list.map {
                    .object([("id", .string($0.id)), ("title", .string($0.title)), ("actions", .int($0.actions))])
                })
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
            (
                "totals",
                .array(r.totals.map { .object([("measure", .string($0.measure)), ("amount", .decimal($0.amount))]) })
            ),
            (
                "moved",
                .array(
                    r.moves.map { m in
                        .object([
                            ("id", .string(m.goal.id)), ("title", .string(m.goal.goal.title)),
                            ("progress_before", ratio(m.before)), ("progress", ratio(m.goal.progress)),
                            ("state_before", .string(m.stateBefore.rawValue)),
                            ("state", .string(m.goal.state.rawValue)),
                        ])
                    })
            ),
            (
                "stalled",
                .array(
                    r.stalled.map { s in
                        .object([
                            ("id", .string(s.goal.id)), ("title", .string(s.goal.goal.title)),
                            ("last_action", .date(s.lastAction)),
                            ("days_since", maybeInt(s.lastAction.map { $0.days(until: r.today) })),
                        ])
                    })
            ),
            (
                "missed_periods",
                .array(
                    r.missed.map { m in
                        .object([
                            ("id", .string(m.goal.id)), ("measure", .string(m.measure)),
                            ("start", .date(m.period.start)), ("end", .date(m.period.end)),
                        ])
                    })
            ),
            ("overdue", .array(r.due.overdue.map { GoalJSON.json($0, .head) })),
            ("due", .array(r.due.due.map { GoalJSON.json($0, .head) })),
            ("neglected_values", .array(r.neglected.map { .string($0.value.id) })),
            (
                "prompts",
                .array(
                    ReviewText.PromptKind.allCases.map { kind in
                        .object([
                            ("kind", .string(kind.rawValue)),
                            ("text", .string(ReviewText.prompt(kind, r, report: report))),
                        ])
                    })
            ),
        ]).serialized()
    }

    /// `htl due --json`.
    public static func due(_ list: DueList, within days: Int, today: CivilDate, measures: MeasureCatalog) -> String {
        JSON.object([
            ("today", .date(today)),
            ("within", .int(days)),
            ("overdue", .array(list.overdue.map { GoalJSON.json($0, .head) })),
            ("due", .array(list.due.map { GoalJSON.json($0, .head) })),
            ("rhythms", .array(list.rhythms.map { rhythm($0, measures) })),
        ]).serialized()
    }

    /// A rhythm of `htl due`: `{"goal", "title", "rule", "measure", "at_most", "start", "end", "actual",
    /// "required", "remaining", "words"}`.
    static func rhythm(_ r: DueList.Rhythm, _ measures: MeasureCatalog) -> JSON {
        .object([
            ("goal", .string(r.goal.id)), ("title", .string(r.goal.goal.title)),
            ("rule", .string(CadenceWords.rule(r.cadence, measures))), ("measure", .string(r.cadence.measure)),
            ("at_most", .bool(r.cadence.cadence.atMost)), ("start", .date(r.period.days.start)),
            ("end", .date(r.period.days.end)), ("actual", .decimal(r.period.amount)),
            ("required", .decimal(r.period.required)), ("remaining", .decimal(r.remaining)),
            ("words", .string(CadenceWords.due(r, measures))),
        ])
    }
}
