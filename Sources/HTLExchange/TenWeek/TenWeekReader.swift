import HTLCore
import HTLJSON
import HTLRender

/// Reads one of the app's export files, JSON or CSV, into records. Which
/// entity a file holds comes from its name (`goals_export.json`) or, failing
/// that, from its CSV header or its objects' keys.
package enum TenWeekReader {
    package enum Entity: String, Sendable, CaseIterable {
        case values, terms, goals, actions

        /// The name the app gives the entity's CSV file: `values_export.csv`.
        package var fileName: String { "\(rawValue)_export.csv" }
    }

    package static func records(name: String, bytes: [UInt8]) throws(HTLError) -> [TenWeekRecord] {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            return try fromJSON(name: name, bytes: bytes)
        }
        return try fromCSV(name: name, bytes: bytes)
    }

    /// The entity a file name announces: `actions_export.csv`, `goals.json`.
    static func entity(named name: String) -> Entity? {
        let base = name.split(separator: "/").last.map(String.init)?.lowercased() ?? ""
        return Entity.allCases.first { base.hasPrefix($0.rawValue) || base.hasPrefix(String($0.rawValue.dropLast())) }
    }

    // MARK: JSON

    static func fromJSON(name: String, bytes: [UInt8]) throws(HTLError) -> [TenWeekRecord] {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let document: JSON
        do {
            document = try JSONParser.parse(body)
        } catch {
            let line = body.prefix(error.offset).reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw HTLError("\(name):\(line): not a JSON export: \(error.message)")
        }
        guard let items = document.array ?? firstArray(in: document) else {
            throw HTLError("\(name): expected a JSON array of exported entities")
        }
        var records: [TenWeekRecord] = []
        for (index, item) in items.enumerated() {
            let origin = TenWeekRecord.Origin(file: name, line: nil, item: index + 1)
            guard case .object = item else { throw HTLError("\(origin): expected an object") }
            guard let entity = entity(named: name) ?? entity(keys: item) else {
                throw HTLError("\(origin): not a value, term, goal or action of the Ten Week Goal app")
            }
            records.append(try TenWeekJSONFields.record(entity, item, origin: origin))
        }
        return records
    }

    /// `{"goals": [...]}`: the first member that is an array.
    static func firstArray(in document: JSON) -> [JSON]? {
        guard case .object(let pairs) = document else { return nil }
        return pairs.lazy.compactMap { $0.1.array }.first
    }

    static func entity(keys item: JSON) -> Entity? {
        if item["termNumber"] != nil { return .terms }
        if item["expectationImportance"] != nil || item["measureTargets"] != nil { return .goals }
        if item["measurements"] != nil || item["contributions"] != nil || item["durationMinutes"] != nil {
            return .actions
        }
        if item["valueLevel"] != nil || item["alignmentGuidance"] != nil || item["priority"] != nil { return .values }
        return nil
    }

    // MARK: CSV

    static let headers: [Entity: [String]] = [
        .actions: [
            "ID", "Title", "Description", "Notes", "LogTime", "Duration(min)", "StartTime", "Measurements",
            "ContributingGoals",
        ],
        .goals: [
            "ID", "Title", "Description", "Notes", "LogTime", "Importance", "Urgency", "StartDate", "TargetDate",
            "ActionPlan", "TermLength", "MeasureTargets", "AlignedValues",
        ],
        .values: [
            "ID", "Title", "Description", "Notes", "LogTime", "Priority", "Level", "LifeDomain", "AlignmentGuidance",
            "AlignedGoalCount",
        ],
        .terms: [
            "ID", "TermNumber", "Theme", "Reflection", "Status", "PeriodID", "PeriodTitle", "StartDate", "EndDate",
            "AssignedGoals",
        ],
    ]

    static func fromCSV(name: String, bytes: [UInt8]) throws(HTLError) -> [TenWeekRecord] {
        let rows: [CSV.Record]
        do {
            rows = try CSV.records(bytes)
        } catch {
            throw HTLError("\(name):\(error.line): \(error.message)")
        }
        guard let header = rows.first else { return [] }
        let names = header.fields.map { $0.trimmingSpaces.lowercased() }
        guard let entity = Entity.allCases.first(where: { headers[$0]!.map { $0.lowercased() } == names }) else {
            let expected = Entity.allCases.map { "  \($0.rawValue): " + headers[$0]!.joined(separator: ",") }.joined(
                separator: "\n")
            throw HTLError("\(name):1: not a CSV export of the Ten Week Goal app; its header is one of:\n" + expected)
        }
        var records: [TenWeekRecord] = []
        for row in rows.dropFirst() {
            let origin = TenWeekRecord.Origin(file: name, line: row.line, item: nil)
            records.append(try TenWeekCSVFields.record(entity, row, origin: origin))
        }
        return records
    }
}
