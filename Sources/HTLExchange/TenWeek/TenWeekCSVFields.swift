import HTLCore
import HTLJSON
import HTLRender

/// The app's CSV export rows (columns in the order of its header) as
/// records. Measurements and measure targets are JSON arrays in one column;
/// lists of ids are joined by `;`.
enum TenWeekCSVFields {
    static func record(_ entity: TenWeekReader.Entity, _ row: CSV.Record, origin: TenWeekRecord.Origin) throws(HTLError)
        -> TenWeekRecord
    {
        let f = { (i: Int) in row[i].trimmingSpaces }
        guard !f(0).isEmpty else { throw HTLError("\(origin): the \(entity.rawValue.dropLast()) has no ID") }
        switch entity {
        case .values:
            return .value(
                .init(
                    id: f(0), title: f(1), description: row[2], notes: row[3], priority: f(5), level: f(6),
                    domain: f(7), guidance: row[8], origin: origin))
        case .terms:
            return .term(
                .init(
                    id: f(0), number: f(1), theme: f(2), reflection: row[3], status: f(4), periodTitle: f(6),
                    start: f(7), end: f(8), goalIDs: ids(row[9]), origin: origin))
        case .goals:
            let targets =
                try json(row[11], origin: origin, column: "MeasureTargets").map(TenWeekJSONFields.targets) ?? []
            return .goal(
                .init(
                    id: f(0), title: f(1), description: row[2], notes: row[3], actionPlan: row[9],
                    importance: f(5), urgency: f(6), start: f(7), target: f(8), termLength: f(10),
                    targets: targets, valueIDs: ids(row[12]), origin: origin))
        case .actions:
            let measured =
                try json(row[7], origin: origin, column: "Measurements").map(TenWeekJSONFields.measurements) ?? []
            return .action(
                .init(
                    id: f(0), title: f(1), description: row[2], notes: row[3], logTime: f(4), startTime: f(6),
                    durationMinutes: f(5), measurements: measured, goalIDs: ids(row[8]), origin: origin))
        }
    }

    /// `A;B;C` (spaces and empty parts ignored).
    static func ids(_ field: String) -> [String] {
        field.split(separator: ";").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    /// A column holding a JSON array; nil when empty.
    static func json(_ field: String, origin: TenWeekRecord.Origin, column: String) throws(HTLError) -> JSON? {
        let text = field.trimmingSpaces
        guard !text.isEmpty else { return nil }
        do {
            return try JSONParser.parse(Array(text.utf8))
        } catch {
            throw HTLError("\(origin): the \(column) column is not a JSON array: \(error.message)")
        }
    }
}
