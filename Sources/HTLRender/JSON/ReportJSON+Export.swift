import HTLCore
import HTLJSON
import HTLModel
import HTLProgress

/// `htl export`: the whole model as one JSON document, streamed.
extension ReportJSON {
    /// The whole model with computed fields; every entity carries its `path`
    /// and `line`. Streamed to `sink` in chunks: a million actions never sit
    /// in memory as one document.
    public static func export(_ ledger: Ledger, report: ProgressReport, sink: @escaping (Span<UInt8>) -> Void) {
        func place(_ location: SourceLocation) -> [(String, JSON)] {
            [("path", .string(location.path)), ("line", .int(location.line))]
        }
        var stream = JSONStream(sink: sink)
        stream.arrayField("measures", ledger.measures.measures) { m in
            .object(
                [
                    ("id", .string(m.id)),
                    ("title", .string(m.title)),
                    ("type", .string(m.kind.rawValue)),
                    ("aliases", .array(m.aliases.map(JSON.string))),
                    (
                        "equals",
                        m.equals.map {
                            .object([
                                ("amount", .decimal($0.amount)),
                                ("unit", .string(ledger.measures.measureID(for: $0.unit) ?? $0.unit)),
                            ])
                        } ?? .null
                    ),
                ] + place(m.location))
        }
        var insights: [String: ValueInsight] = [:]
        for insight in report.values where insights[insight.value.id] == nil { insights[insight.value.id] = insight }
        stream.arrayField("values", ledger.values) { v in
            var fields: [(String, JSON)] = insights[v.id].map(value) ?? []
            fields += [
                ("priority_set", .bool(v.prioritySet)), ("domain", .optional(v.domain)),
                ("guidance", .optional(v.guidance)),
            ]
            return .object(fields + place(v.location))
        }
        var termsByID: [String: TermProgress] = [:]
        for t in report.terms where termsByID[t.term.id] == nil { termsByID[t.term.id] = t }
        stream.arrayField("terms", ledger.terms.compactMap { t in termsByID[t.id].map { (t, $0) } }) { t, progress in
            .object(term(progress) + [("theme", .optional(t.theme))] + place(t.location))
        }
        // Ten thousand goals' objects, on every core.
        stream.arrayField("goals", count: report.goals.count) { i, out in
            let g = report.goals[i]
            GoalJSON.write(g, .full, into: &out, indent: 4) { o, out in
                o.int("weeks", g.goal.weeks, &out)
                o.list("tags", g.goal.tags, &out) { tag, out in out.appendQuoted(tag) }
                o.list("breaks", g.goal.breaks, &out) { b, out in out.appendQuoted(b.days.description) }
                o.string("requested_by", g.goal.requestedBy, &out)
                o.string("consequence", g.goal.consequence, &out)
                o.string("status", g.goal.status.rawValue, &out)
                o.bool("has_action_plan", g.goal.hasActionPlan, &out)
                o.objects("checklist_items", g.goal.checklist, &out) { item, c, out in
                    c.string("text", item.text, &out)
                    c.bool("done", item.done, &out)
                    c.int("line", item.line, &out)
                }
                o.string("path", g.goal.location.path, &out)
                o.int("line", g.goal.location.line, &out)
            }
        }
        let counting = report.goalsCountingEveryAction(actionCount: ledger.actions.count)
        let writer = ActionJSON(indent: 4, measures: ledger.measures, goalIDs: report.goals.map(\.id))
        // A million actions: written on every core, in log order, read in place.
        let actions = ledger.actions
        stream.arrayField("actions", count: actions.count) { run, out in
            writer.write(
                run, of: actions, goalsOf: { counting.goals(of: $0) }, into: &out,
                before: { i, out in out.element(i, indent: 2) })
        }
        stream.finish()
    }

    /// The whole export as one string (tests, small ledgers).
    public static func export(_ ledger: Ledger, report: ProgressReport) -> String {
        var out = ByteBuffer()
        export(ledger, report: report) { out.append($0) }
        return out.withBytes { RawBytes.string($0) }
    }
}
