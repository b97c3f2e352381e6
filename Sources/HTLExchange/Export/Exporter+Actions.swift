import HTLCore
import HTLFormat
import HTLJSON
import HTLModel
import HTLProgress
import HTLRender

/// The actions file: one row per action line, in log order, written as it
/// is made (a million actions are some 340 MB of CSV).
extension Exporter {
    func actions(_ csv: inout CSVWriter, _ write: ([UInt8]) throws -> Void) rethrows {
        try csv.record(TenWeekReader.headers[.actions]!, write)
        let measureIDs = ledger.measures.measures.map { StableUUID.make("measure:\($0.id)") }
        var occurrences: [String: Int] = [:]
        var linesOf: [String: [ArraySlice<UInt8>]] = [:]
        var measurements = JSONBytes()
        // Which goals count each action: the report's own table (links, and tags inside a goal's window).
        let report = loaded.progressReport()
        let counting = report.goalsCountingEveryAction(actionCount: ledger.actions.count)
        let goalIDs = report.goals.map(\.id)
        var position = 0
        for a in ledger.actions {
            defer { position += 1 }
            if linesOf[a.path] == nil { linesOf[a.path] = TextLines.split(loaded.parsed.file(at: a.path)?.bytes ?? []) }
            let raw = linesOf[a.path].map { a.line <= $0.count ? Array($0[a.line - 1]) : [] } ?? []
            let text = String(decoding: LogFormatter.canonicalLine(raw), as: UTF8.self)
            let occurrence = occurrences[text, default: 0] + 1
            occurrences[text] = occurrence
            // Named by the line as fmt writes it and which occurrence of that line it is.
            let id = provenance.uuid(ofAction: a.path, line: a.line) ?? StableUUID.make("action:\(text)#\(occurrence)")
            let when = a.date.description + (a.time.map { "T\($0):00" } ?? "")
            csv.field(id)
            a.text.withBytes { csv.field(bytes: $0) }
            csv.field("")
            csv.field(provenance.notes(ofAction: a.path, line: a.line).joined(separator: "\n"))
            csv.field(when)
            csv.field("")
            csv.field("")
            measurements.removeAll()
            writeMeasurements(a, actionID: id, when: when, measureIDs: measureIDs, into: &measurements)
            measurements.withBytes { csv.field(bytes: $0) }
            let counted = counting.goals(of: position).map { goalIDs[Int($0)] }
            csv.field(contributingGoals(a, counted).joined(separator: ";"))
            try csv.endRecord(write)
        }
    }

    /// Every goal the action counts toward, as the app's UUIDs: the goals it
    /// links, in its order, then those that count it through a tag they
    /// list (inside their window), by id; each once.
    func contributingGoals(_ a: Action, _ counting: [String]) -> [String] {
        var ids: [String] = []
        for link in a.links where !ids.contains(link.goal) && goalUUID[link.goal] != nil { ids.append(link.goal) }
        for id in counting where !ids.contains(id) { ids.append(id) }
        var uuids: [String] = []
        for id in ids {
            if let uuid = goalUUID[id], !uuids.contains(uuid) { uuids.append(uuid) }
        }
        return uuids
    }

    /// The action's quantities as the app's JSON list of measurements
    /// (`measureIDs`: each measure's UUID, by its place in the catalog).
    func writeMeasurements(_ a: Action, actionID: String, when: String, measureIDs: [String], into out: inout JSONBytes)
    {
        out.append("[")
        for (i, q) in a.quantities.enumerated() {
            let measure = ledger.measures.measures[q.measureIndex]
            if i > 0 { out.append(",") }
            out.append("{\"id\":")
            out.appendQuoted(StableUUID.make("measurement:\(actionID):\(measure.id)"))
            out.append(",\"measureId\":")
            out.appendQuoted(measureIDs[q.measureIndex])
            out.append(",\"measureTitle\":")
            out.appendQuoted(measure.title)
            out.append(",\"measureUnit\":")
            out.appendQuoted(measure.id)
            out.append(",\"measureType\":")
            out.appendQuoted(measure.kind.rawValue)
            out.append(",\"value\":")
            out.append(text: q.amount.description)
            out.append(",\"createdAt\":")
            out.appendQuoted(when)
            out.append("}")
        }
        out.append("]")
    }
}
