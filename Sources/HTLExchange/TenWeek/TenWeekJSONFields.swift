import HTLCore
import HTLJSON
import HTLRender

/// The app's JSON export objects (keys as the app writes them) as records.
enum TenWeekJSONFields {
    static func record(_ entity: TenWeekReader.Entity, _ item: JSON, origin: TenWeekRecord.Origin) throws(HTLError)
        -> TenWeekRecord
    {
        let text = { (key: String) in scalar(item[key]) }
        guard !text("id").isEmpty else { throw HTLError("\(origin): the \(entity.rawValue.dropLast()) has no id") }
        switch entity {
        case .values:
            return .value(
                .init(
                    id: text("id"), title: text("title"), description: text("detailedDescription"),
                    notes: text("freeformNotes"), priority: text("priority"), level: text("valueLevel"),
                    domain: text("lifeDomain"), guidance: text("alignmentGuidance"), origin: origin))
        case .terms:
            return .term(
                .init(
                    id: text("id"), number: text("termNumber"), theme: text("theme"),
                    reflection: text("reflection"), status: text("status"),
                    periodTitle: text("timePeriodTitle"), start: text("startDate"), end: text("endDate"),
                    goalIDs: strings(item["assignedGoalIds"]), origin: origin))
        case .goals:
            return .goal(
                .init(
                    id: text("id"), title: text("title"), description: text("detailedDescription"),
                    notes: text("freeformNotes"), actionPlan: text("actionPlan"),
                    importance: text("expectationImportance"), urgency: text("expectationUrgency"),
                    start: text("startDate"), target: text("targetDate"), termLength: text("expectedTermLength"),
                    targets: targets(item["measureTargets"]), valueIDs: strings(item["alignedValueIds"]),
                    origin: origin))
        case .actions:
            let goals = (item["contributions"]?.array ?? []).map { scalar($0["goalId"]) }.filter { !$0.isEmpty }
            return .action(
                .init(
                    id: text("id"), title: text("title"), description: text("detailedDescription"),
                    notes: text("freeformNotes"), logTime: text("logTime"), startTime: text("startTime"),
                    durationMinutes: text("durationMinutes"), measurements: measurements(item["measurements"]),
                    goalIDs: goals, origin: origin))
        }
    }

    /// A string, or a number's exact text; "" for null, absent or anything else.
    static func scalar(_ value: JSON?) -> String {
        switch value {
        case .string(let s)?: return s
        case .number(let n)?: return n
        case .bool(let b)?: return b ? "true" : "false"
        default: return ""
        }
    }

    static func strings(_ value: JSON?) -> [String] {
        (value?.array ?? []).map { scalar($0) }.filter { !$0.isEmpty }
    }

    static func targets(_ value: JSON?) -> [TenWeekRecord.MeasureTarget] {
        (value?.array ?? []).map { t in
            .init(
                title: scalar(t["measureTitle"]), unit: first(t, ["unit", "measureUnit"]),
                value: first(t, ["targetValue", "value"]))
        }
    }

    static func measurements(_ value: JSON?) -> [TenWeekRecord.Measurement] {
        (value?.array ?? []).map { m in
            .init(
                title: scalar(m["measureTitle"]), unit: first(m, ["measureUnit", "unit"]),
                type: scalar(m["measureType"]), value: scalar(m["value"]))
        }
    }

    /// The first of `keys` the object has a text for.
    static func first(_ object: JSON, _ keys: [String]) -> String {
        keys.lazy.map { scalar(object[$0]) }.first { !$0.isEmpty } ?? ""
    }
}
