import HTLCore
import HTLFormat
import HTLLoad
import HTLModel
import HTLRender

/// `htl export --format csv`: the ledger as the four CSV files the Ten Week
/// Goal app exports (its column layout, docs/IMPORT.md), so that it can go
/// to a spreadsheet or back to the app. An entity imported from the app
/// keeps its UUID; any other gets a stable one made from its id. Dates are
/// calendar days (`2026-11-20`), times local (`2026-11-20T07:10:00`).
public enum AppCSVExport {
    public struct File: Sendable {
        public var name: String
        public var text: String
    }

    public static func files(_ loaded: LoadedLedger) -> [File] {
        let export = Exporter(loaded: loaded)
        return [
            File(name: "values_export.csv", text: export.values()),
            File(name: "terms_export.csv", text: export.terms()),
            File(name: "goals_export.csv", text: export.goals()),
            File(name: "actions_export.csv", text: export.actions()),
        ]
    }
}

/// One export: the ledger, its provenance marks, and UUIDs by id.
struct Exporter {
    let loaded: LoadedLedger
    let provenance: Provenance
    var ledger: Ledger { loaded.ledger }

    init(loaded: LoadedLedger) {
        self.loaded = loaded
        provenance = Provenance(files: loaded.files)
    }

    func uuid(_ kind: Provenance.Kind, path: String, id: String) -> String {
        provenance.uuid(ofFile: path) ?? StableUUID.make("\(kind.rawValue):\(id)")
    }

    func body(_ path: String) -> BodySections {
        BodySections(file: loaded.parsed.file(at: path)?.bytes ?? [])
    }

    static func table(_ header: [String], _ rows: [[String]]) -> String {
        ([header] + rows).map(CSV.line).joined(separator: "\n") + "\n"
    }

    func values() -> String {
        let rows = ledger.values.map { v -> [String] in
            let body = body(v.path)
            let aligned = ledger.goals.filter { $0.values.contains { $0.value == v.id } }.count
            return [uuid(.value, path: v.path, id: v.id), v.title, body.lead, body["notes"], "", "\(v.priority)",
                    v.level.rawValue, v.domain ?? "", v.guidance ?? "", "\(aligned)"]
        }
        return Exporter.table(TenWeekReader.headers[.values]!, rows)
    }

    func terms() -> String {
        let rows = ledger.terms.map { t -> [String] in
            let body = body(t.path)
            let reflection = body["reflection"].isEmpty ? body.lead : body["reflection"]
            let goals = ledger.goals.filter { $0.terms.contains { $0.number == t.number } }
                .map { uuid(.goal, path: $0.path, id: $0.id) }
            return [uuid(.term, path: t.path, id: t.id), "\(t.number)", t.theme ?? "", reflection, t.status?.rawValue ?? "",
                    StableUUID.make("period:\(t.number)"), t.title, t.start.description, t.end.description,
                    goals.joined(separator: ";")]
        }
        return Exporter.table(TenWeekReader.headers[.terms]!, rows)
    }

    func goals() -> String {
        let rows = ledger.goals.map { g -> [String] in
            let body = body(g.path)
            let values = g.values.compactMap { a in ledger.values.first { $0.id == a.value }.map { uuid(.value, path: $0.path, id: $0.id) } }
            return [uuid(.goal, path: g.path, id: g.id), g.title, body.lead, body["notes"], "", "\(g.importance)", "\(g.urgency)",
                    g.start?.description ?? "", g.target?.description ?? "", body["action plan"], g.weeks.map(String.init) ?? "",
                    targets(g).compact(), values.joined(separator: ";")]
        }
        return Exporter.table(TenWeekReader.headers[.goals]!, rows)
    }

    func targets(_ g: Goal) -> JSON {
        .array(g.targets.map { t in
            let measure = ledger.measures.measure(named: t.measure)
            return .object([("measureId", .string(StableUUID.make("measure:\(t.measure)"))),
                            ("measureTitle", .string(measure?.title ?? t.measure)), ("unit", .string(t.measure)),
                            ("targetValue", .number(t.amount.description))])
        })
    }
}
