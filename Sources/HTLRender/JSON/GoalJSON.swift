import HTLCore
import HTLJSON
import HTLModel
import HTLProgress

/// The goal object of CLI.md (status, progress, export, next, review,
/// due), written straight into bytes, members in the documented order.
/// Every command that shows a goal writes it here, with the members of its
/// own that follow (`more`).
enum GoalJSON {
    /// What a goal's object holds besides its head.
    enum Shape {
        /// The head alone: a goal in a list of things to do (`next`, `due`, `review`).
        case head
        /// Head, terms, targets, checklist and values (`status`, `export`).
        case full
        /// The same, each target with what it still needs (`progress`).
        case detailed
    }

    /// The object of `g`, opening at `indent`; `more` writes members after
    /// the shape's own.
    static func write(
        _ g: GoalProgress, _ shape: Shape, into out: inout JSONBytes, indent: Int,
        more: (inout JSONObjectWriter, inout JSONBytes) -> Void = { _, _ in }
    ) {
        JSONObjectWriter.write(into: &out, indent: indent) { object, out in
            head(g, &object, &out)
            if shape != .head { body(g, detailed: shape == .detailed, &object, &out) }
            more(&object, &out)
        }
    }

    /// As a member of a `JSON` tree.
    static func json(
        _ g: GoalProgress, _ shape: Shape,
        more: @escaping @Sendable (inout JSONObjectWriter, inout JSONBytes) -> Void = { _, _ in }
    ) -> JSON {
        .writtenObject { out, indent in write(g, shape, into: &out, indent: indent, more: more) }
    }

    private static func head(_ g: GoalProgress, _ o: inout JSONObjectWriter, _ out: inout JSONBytes) {
        o.string("id", g.id, &out)
        o.string("title", g.goal.title, &out)
        o.string("kind", g.goal.kind.rawValue, &out)
        o.string("state", g.state.rawValue, &out)
        o.decimal("progress", ReportJSON.rounded(g.progress), &out)
        rhythm(g, &o, &out)
        o.date("start", g.goal.start, &out)
        o.date("target", g.goal.target, &out)
        o.int("days_left", g.daysLeft, &out)
        o.int("importance", g.goal.importance, &out)
        o.int("urgency", g.goal.urgency, &out)
    }

    private static func body(_ g: GoalProgress, detailed: Bool, _ o: inout JSONObjectWriter, _ out: inout JSONBytes) {
        o.list("terms", g.goal.terms, &out) { term, out in out.append(term.number) }
        // Measure targets, then cadence targets, in one list.
        o.objects("targets", 0..<(g.targets.count + g.cadences.count), &out) { k, t, out in
            if k < g.targets.count {
                target(g.targets[k], detailed: detailed, &t, &out)
            } else {
                cadence(g.cadences[k - g.targets.count], detailed: detailed, &t, &out)
            }
        }
        o.object("checklist", &out) { c, out in
            c.int("done", g.checklistDone, &out)
            c.int("total", g.checklistTotal, &out)
        }
        o.object("counts", &out) { c, out in
            c.int("actions", g.actionCount, &out)
            c.int("corrections", g.correctionCount, &out)
            c.int("to_come", g.upcomingCount, &out)
        }
        o.objects("values", g.goal.values, &out) { alignment, v, out in
            v.string("id", alignment.value, &out)
            v.int("strength", alignment.strength, &out)
        }
    }

    /// `"rhythm"`: null without cadences, else its status and each missed
    /// period (FORMAT.md §8, revision 3).
    private static func rhythm(_ g: GoalProgress, _ o: inout JSONObjectWriter, _ out: inout JSONBytes) {
        guard let rhythm = g.rhythm else { return o.null("rhythm", &out) }
        o.object("rhythm", &out) { r, out in
            r.string("status", rhythm.status.rawValue, &out)
            r.objects("missed", rhythm.missed, &out) { miss, m, out in
                m.string("measure", miss.measure, &out)
                m.date("start", miss.period.days.start, &out)
                m.date("end", miss.period.days.end, &out)
                m.decimal("actual", miss.period.amount, &out)
                m.decimal("required", miss.period.required, &out)
                m.bool("at_most", miss.cadence.atMost, &out)
            }
        }
    }

    private static func target(
        _ t: GoalProgress.TargetProgress, detailed: Bool, _ o: inout JSONObjectWriter, _ out: inout JSONBytes
    ) {
        o.string("measure", t.measure, &out)
        o.decimal("target", t.target, &out)
        o.decimal("actual", t.actual, &out)
        o.decimal("ratio", ReportJSON.rounded(t.ratio), &out)
        if detailed {
            o.decimal("remaining", t.remaining, &out)
            o.decimal("needed_per_week", t.neededPerWeek, &out)
        }
    }

    /// A cadence target (CLI.md): `"target": null` and a `"cadence"` object.
    private static func cadence(
        _ c: CadenceProgress, detailed: Bool, _ o: inout JSONObjectWriter, _ out: inout JSONBytes
    ) {
        o.string("measure", c.measure, &out)
        o.null("target", &out)
        o.decimal("actual", c.actual, &out)
        o.decimal("ratio", ReportJSON.rounded(c.ratio), &out)
        o.object("cadence", &out) { r, out in
            r.decimal("amount", c.cadence.amount, &out)
            r.string("per", c.cadence.period.rawValue, &out)
            r.bool("at_most", c.cadence.atMost, &out)
            r.int("periods", c.periods, &out)
            r.int("met", c.met, &out)
            r.int("missed", c.missed, &out)
            if let p = c.current {
                r.object("current", &out) { q, out in
                    q.date("start", p.days.start, &out)
                    q.date("end", p.days.end, &out)
                    q.decimal("actual", p.amount, &out)
                    q.decimal("required", p.required, &out)
                    q.string("status", p.status.rawValue, &out)
                }
            } else {
                r.null("current", &out)
            }
            r.int("streak", c.streak, &out)
            r.int("best_streak", c.bestStreak, &out)
            r.decimal("strength", c.strength, &out)
            r.int("excused", c.excused, &out)
        }
        if detailed {
            // What this period still needs (at least) or still allows (at most).
            o.decimal("remaining", c.current.map { max($0.required - $0.amount, .zero) }, &out)
            o.null("needed_per_week", &out)
        }
    }
}
