import HTLCore
import HTLFormat
import HTLModel
import HTLRender

/// The actions file: one row per action line, in log order.
extension Exporter {
    func actions() -> String {
        var occurrences: [String: Int] = [:]
        var linesOf: [String: [Slice<FileBytes>]] = [:]
        let rows = ledger.actions.map { a -> [String] in
            if linesOf[a.path] == nil { linesOf[a.path] = TextLines.split(loaded.parsed.file(at: a.path)?.bytes ?? []) }
            let raw = linesOf[a.path].map { a.line <= $0.count ? Array($0[a.line - 1]) : [] } ?? []
            let text = String(decoding: LogFormatter.canonicalLine(raw), as: UTF8.self)
            occurrences[text, default: 0] += 1
            let id = provenance.uuid(ofAction: a.path, line: a.line) ?? StableUUID.make("action:\(text)#\(occurrences[text]!)")
            let when = a.date.description + (a.time.map { "T\($0):00" } ?? "")
            let goals = a.links.compactMap { goalUUID[$0.goal] }
            let notes = provenance.notes(ofAction: a.path, line: a.line).joined(separator: "\n")
            return [id, a.description, "", notes, when, "", "", measurements(a, actionID: id, when: when).compact(),
                    goals.joined(separator: ";")]
        }
        return Exporter.table(TenWeekReader.headers[.actions]!, rows)
    }

    func measurements(_ a: Action, actionID: String, when: String) -> JSON {
        .array(a.quantities.map { q in
            let measure = ledger.measures.measures[q.measureIndex]
            let id = measure.id
            return .object([("id", .string(StableUUID.make("measurement:\(actionID):\(id)"))),
                            ("measureId", .string(StableUUID.make("measure:\(id)"))),
                            ("measureTitle", .string(measure.title)), ("measureUnit", .string(id)),
                            ("measureType", .string(measure.kind.rawValue)), ("value", .number(q.amount.description)),
                            ("createdAt", .string(when))])
        })
    }
}
