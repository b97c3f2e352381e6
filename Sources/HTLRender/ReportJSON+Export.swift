import HTLCore
import HTLModel
import HTLProgress

/// `htl export`: the whole model as one JSON document, streamed.
extension ReportJSON {
    /// The whole model with computed fields; every entity carries its `path`
    /// and `line`. Streamed to `sink` in chunks: a million actions never sit
    /// in memory as one document.
    public static func export(_ ledger: Ledger, report: ProgressReport, sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        func place(_ location: SourceLocation) -> [(String, JSON)] {
            [("path", .string(location.path)), ("line", .int(location.line))]
        }
        var stream = JSONStream(sink: sink)
        stream.arrayField("measures", ledger.measures.measures) { m in
            .object([
                ("id", .string(m.id)),
                ("title", .string(m.title)),
                ("type", .string(m.kind.rawValue)),
                ("aliases", .array(m.aliases.map(JSON.string))),
                ("equals", m.equals.map { .object([("amount", .decimal($0.amount)), ("unit", .string(ledger.measures.measureID(for: $0.unit) ?? $0.unit))]) } ?? .null),
            ] + place(m.location))
        }
        var insights: [String: ValueInsight] = [:]
        for insight in report.values where insights[insight.value.id] == nil { insights[insight.value.id] = insight }
        stream.arrayField("values", ledger.values) { v in
            var fields: [(String, JSON)] = insights[v.id].map(value) ?? []
            fields += [("domain", .optional(v.domain)), ("guidance", .optional(v.guidance))]
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
            JSON.object(goal(g) + [
                ("weeks", maybeInt(g.goal.weeks)),
                ("tags", .array(g.goal.tags.map(JSON.string))),
                ("breaks", .array(g.goal.breaks.map { .string($0.days.description) })),
                ("requested_by", .optional(g.goal.requestedBy)),
                ("consequence", .optional(g.goal.consequence)),
                ("status", .string(g.goal.status.rawValue)),
                ("has_action_plan", .bool(g.goal.hasActionPlan)),
                ("checklist_items", .array(g.goal.checklist.map { .object([("text", .string($0.text)), ("done", .bool($0.done)), ("line", .int($0.line))]) })),
            ] + place(g.goal.location)).write(into: &out, indent: 4)
        }
        let counting = report.goalsCountingEveryAction(actionCount: ledger.actions.count)
        // The ids once (reading one out of a goal's progress per action copied the progress).
        let goalIDs = report.goals.map(\.id)
        // A million actions: written on every core, in log order.
        // Everything read per action is read through pointers: nothing is retained per action.
        goalIDs.withUnsafeBufferPointer { ids in
            counting.withEntries { starts, goals in
                ledger.actions.withUnsafeBufferPointer { actions in
                    stream.arrayField("actions", count: actions.count) { i, out in
                        let first = Int(starts[i])
                        writeAction(actions.baseAddress! + i, goalCount: Int(starts[i + 1]) - first, goal: { ids[Int(goals[first + $0])] },
                                    into: &out, indent: 4)
                    }
                }
            }
        }
        stream.finish()
    }

    /// The whole export as one string (tests, small ledgers).
    public static func export(_ ledger: Ledger, report: ProgressReport) -> String {
        var out: [UInt8] = []
        export(ledger, report: report) { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// An action as an object, written straight to bytes: `export` writes a
    /// million of them. The room it can take is reserved once, then every
    /// byte is a plain store. (Read through a pointer: an action passed by
    /// value, or borrowed into the closure, was copied, a reference count
    /// per String it holds.) `goal(k)`: the id of the `k`th of the
    /// `goalCount` goals the action counts toward.
    static func writeAction(_ action: UnsafePointer<Action>, goalCount: Int, goal: (Int) -> String, into out: inout JSONBytes, indent: Int) {
        let inner = indent + 4
        // The room is the sum of what each write below can take at most.
        // (Brackets: the object's and the quantities' opening and closing ones, and three lists on one line.)
        var room = 2 + 9 * ByteWriter.keyRoom("description", indent: indent) + ByteWriter.quotedRoom(action.pointee.path.utf8.count)
            + ByteWriter.intRoom + ByteWriter.dateRoom(action.pointee.date) + ByteWriter.timeRoom
            + ByteWriter.quotedRoom(action.pointee.text.utf8Count) + 2 * (indent + 3) + 6
        // Lists read by position, fields in place: an element taken out of a
        // list (a `for` loop) was a copy, a reference count per String in it.
        let quantityCount = action.pointee.quantities.count
        for k in 0..<quantityCount {
            room += (indent + 6) + 1 + ByteWriter.keyRoom("measure", indent: inner) + ByteWriter.quotedRoom(action.pointee.quantities[k].measure.utf8.count)
                + ByteWriter.keyRoom("amount", indent: inner) + ByteWriter.decimalRoom + (inner + 2)
        }
        for k in 0..<goalCount { room += ByteWriter.quotedRoom(goal(k).utf8.count) + 2 }
        for k in 0..<action.pointee.tags.count { room += ByteWriter.quotedRoom(action.pointee.tags[k].utf8.count) + 2 }
        for k in 0..<action.pointee.links.count { room += ByteWriter.quotedRoom(action.pointee.links[k].goal.utf8.count) + 2 }
        out.write(room: room) { w in
            w.byte(UInt8(ascii: "{"))
            w.key(literal: "path", at: 0, indent: indent)
            w.quoted(action.pointee.path)
            w.key(literal: "line", at: 1, indent: indent)
            w.int(action.pointee.line)
            w.key(literal: "date", at: 2, indent: indent)
            w.quoted(action.pointee.date)
            w.key(literal: "time", at: 3, indent: indent)
            if let time = action.pointee.time { w.quoted(time) } else { w.literal("null") }
            w.key(literal: "description", at: 4, indent: indent)
            action.pointee.text.withBytes { w.quoted($0) }
            w.key(literal: "quantities", at: 5, indent: indent)
            w.byte(UInt8(ascii: "["))
            for k in 0..<quantityCount {
                w.separator(k, spaces: indent + 4)
                w.byte(UInt8(ascii: "{"))
                w.key(literal: "measure", at: 0, indent: inner)
                w.quoted(action.pointee.quantities[k].measure)
                w.key(literal: "amount", at: 1, indent: inner)
                w.decimal(action.pointee.quantities[k].amount)
                w.close(UInt8(ascii: "}"), count: 2, indent: inner)
            }
            w.close(UInt8(ascii: "]"), count: quantityCount, indent: indent + 2)
            w.key(literal: "goals", at: 6, indent: indent)
            w.strings(count: goalCount, goal)
            w.key(literal: "tags", at: 7, indent: indent)
            w.strings(count: action.pointee.tags.count) { action.pointee.tags[$0] }
            // The goals written as +links on the line; the others in "goals" count by a tag.
            w.key(literal: "links", at: 8, indent: indent)
            w.strings(count: action.pointee.links.count) { action.pointee.links[$0].goal }
            w.close(UInt8(ascii: "}"), count: 9, indent: indent)
        }
    }
}
