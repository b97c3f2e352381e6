import HTLCore
import HTLJSON
import HTLLoad
import HTLModel
import HTLRender

/// `htl export --format csv`: the ledger as the four CSV files the Ten Week
/// Goal app exports (its column layout, docs/IMPORT.md), so that it can go
/// to a spreadsheet or back to the app. An entity imported from the app
/// keeps its UUID; any other gets a stable one made from its id. Dates are
/// calendar days (`2026-11-20`), times local (`2026-11-20T07:10:00`).
public struct AppCSVExport {
    private let exporter: Exporter

    public init(_ loaded: LoadedLedger) {
        exporter = Exporter(loaded: loaded)
    }

    /// The file of one of the app's entities (`fileName`), handed to
    /// `write` in pieces of about a megabyte, in order (the actions' rows
    /// are made as they are handed on; the rows of values, terms and goals,
    /// one each, are made first).
    package func write(_ entity: TenWeekReader.Entity, _ write: ([UInt8]) throws -> Void) rethrows {
        var csv = CSVWriter()
        switch entity {
        case .values: try exporter.values(&csv, write)
        case .terms: try exporter.terms(&csv, write)
        case .goals: try exporter.goals(&csv, write)
        case .actions: try exporter.actions(&csv, write)
        }
        try csv.finish(write)
    }
}

/// One export: the ledger, its provenance marks, and UUIDs by id.
struct Exporter {
    let loaded: LoadedLedger
    let provenance: Provenance
    /// Each value's and goal's UUID by id, for references (the first, should an id repeat).
    private(set) var valueUUID: [String: String] = [:]
    private(set) var goalUUID: [String: String] = [:]
    var ledger: Ledger { loaded.ledger }

    init(loaded: LoadedLedger) {
        self.loaded = loaded
        provenance = Provenance(files: loaded.files)
        for v in loaded.ledger.values where valueUUID[v.id] == nil {
            valueUUID[v.id] = uuid(.value, path: v.path, id: v.id)
        }
        for g in loaded.ledger.goals where goalUUID[g.id] == nil {
            goalUUID[g.id] = uuid(.goal, path: g.path, id: g.id)
        }
    }

    func uuid(_ kind: Provenance.Kind, path: String, id: String) -> String {
        provenance.uuid(ofFile: path) ?? StableUUID.make("\(kind.rawValue):\(id)")
    }

    func body(_ path: String) -> BodySections {
        BodySections(file: loaded.parsed.file(at: path)?.bytes ?? [])
    }

    static func table(_ header: [String], _ rows: [[String]], _ csv: inout CSVWriter, _ write: ([UInt8]) throws -> Void)
        rethrows
    {
        try csv.record(header, write)
        for row in rows { try csv.record(row, write) }
    }

    func values(_ csv: inout CSVWriter, _ write: ([UInt8]) throws -> Void) rethrows {
        var aligned: [String: Int] = [:]
        for g in ledger.goals {
            for value in Set(g.values.map(\.value)) { aligned[value, default: 0] += 1 }
        }
        let rows = ledger.values.map { v -> [String] in
            let body = body(v.path)
            return [
                uuid(.value, path: v.path, id: v.id), v.title, body.lead, body["notes"], "", "\(v.priority)",
                v.level.rawValue, v.domain ?? "", v.guidance ?? "", "\(aligned[v.id] ?? 0)",
            ]
        }
        try Exporter.table(TenWeekReader.headers[.values]!, rows, &csv, write)
    }

    func terms(_ csv: inout CSVWriter, _ write: ([UInt8]) throws -> Void) rethrows {
        var goalsOfTerm: [Int: [String]] = [:]
        for g in ledger.goals {
            for number in Set(g.terms.map(\.number)) {
                goalsOfTerm[number, default: []].append(uuid(.goal, path: g.path, id: g.id))
            }
        }
        let rows = ledger.terms.map { t -> [String] in
            let body = body(t.path)
            let reflection = body["reflection"].isEmpty ? body.lead : body["reflection"]
            return [
                uuid(.term, path: t.path, id: t.id), "\(t.number)", t.theme ?? "", reflection, t.status?.rawValue ?? "",
                StableUUID.make("period:\(t.number)"), t.title, t.start.description, t.end.description,
                (goalsOfTerm[t.number] ?? []).joined(separator: ";"),
            ]
        }
        try Exporter.table(TenWeekReader.headers[.terms]!, rows, &csv, write)
    }

    func goals(_ csv: inout CSVWriter, _ write: ([UInt8]) throws -> Void) rethrows {
        let rows = ledger.goals.map { g -> [String] in
            let body = body(g.path)
            let values = g.values.compactMap { valueUUID[$0.value] }
            return [
                uuid(.goal, path: g.path, id: g.id), g.title, body.lead, body["notes"], "", "\(g.importance)",
                "\(g.urgency)",
                g.start?.description ?? "", g.target?.description ?? "", body["action plan"],
                g.weeks.map(String.init) ?? "",
                targets(g).compact(), values.joined(separator: ";"),
            ]
        }
        try Exporter.table(TenWeekReader.headers[.goals]!, rows, &csv, write)
    }

    func targets(_ g: Goal) -> JSON {
        .array(
            g.targets.map { t in
                let measure = ledger.measures.measure(named: t.measure)
                return .object([
                    ("measureId", .string(StableUUID.make("measure:\(t.measure)"))),
                    ("measureTitle", .string(measure?.title ?? t.measure)), ("unit", .string(t.measure)),
                    ("targetValue", .number(t.amount.description)),
                ])
            })
    }
}
