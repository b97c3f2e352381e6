import HTLJSON

/// The Ten Week Goal app's exported entities, as read from its JSON or CSV
/// files (docs/IMPORT.md): text as written, numbers as their exact text,
/// timestamps still in ISO 8601, ids still the app's UUIDs.
package enum TenWeekRecord: Sendable {
    case value(Value)
    case term(Term)
    case goal(Goal)
    case action(Action)

    /// Where a record came from, for messages: `goals_export.csv:4`
    /// (the line in a CSV file, the position in a JSON array).
    package struct Origin: Sendable, CustomStringConvertible {
        package var file: String
        package var line: Int?
        package var item: Int?

        package var description: String {
            if let line { return "\(file):\(line)" }
            return "\(file) item \(item ?? 0)"
        }
    }

    package struct Value: Sendable {
        package var id: String
        package var title: String
        package var description: String
        package var notes: String
        package var priority: String
        package var level: String
        package var domain: String
        package var guidance: String
        package var origin: Origin
    }

    package struct Term: Sendable {
        package var id: String
        package var number: String
        package var theme: String
        package var reflection: String
        package var status: String
        package var periodTitle: String
        package var start: String
        package var end: String
        package var goalIDs: [String]
        package var origin: Origin
    }

    package struct MeasureTarget: Sendable {
        package var title: String
        package var unit: String
        package var value: String
    }

    package struct Goal: Sendable {
        package var id: String
        package var title: String
        package var description: String
        package var notes: String
        package var actionPlan: String
        package var importance: String
        package var urgency: String
        package var start: String
        package var target: String
        package var termLength: String
        package var targets: [MeasureTarget]
        package var valueIDs: [String]
        package var origin: Origin
    }

    package struct Measurement: Sendable {
        package var title: String
        package var unit: String
        package var type: String
        package var value: String
    }

    package struct Action: Sendable {
        package var id: String
        package var title: String
        package var description: String
        package var notes: String
        package var logTime: String
        package var startTime: String
        package var durationMinutes: String
        package var measurements: [Measurement]
        package var goalIDs: [String]
        package var origin: Origin
    }

    package var id: String {
        switch self {
        case .value(let v): return v.id
        case .term(let t): return t.id
        case .goal(let g): return g.id
        case .action(let a): return a.id
        }
    }
}
