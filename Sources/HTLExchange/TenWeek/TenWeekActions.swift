import HTLCore
import HTLEdit
import HTLFormat
import HTLModel

/// The app's actions as log lines, each after its provenance comment:
///
///     # imported: tenweek action 8C1D...
///     2026-11-20 07:10 Morning run 5.8km 35min +run-100km
///
/// The day and time are the action's start (else when it was logged) in the
/// local time zone; measurements become quantities, `durationMinutes`
/// becomes minutes when no measurement is a time, and each goal it
/// contributed to becomes a `+link`. Its description and notes, which a log
/// line cannot hold, follow the mark as comment lines.
extension TenWeekMapping {
    struct ActionLine {
        var date: CivilDate
        var time: ClockTime?
        var order: Int
        var lines: [String]
        /// The record the lines are made from (`actions_export.json item 3`).
        var origin: String
    }

    mutating func addActions(_ actions: [TenWeekRecord.Action]) {
        var made: [ActionLine] = []
        for (order, action) in actions.enumerated() {
            if let line = actionLine(action, order: order) { made.append(line) }
        }
        made.sort { a, b in
            if a.date != b.date { return a.date < b.date }
            if a.time != b.time {
                guard let ta = a.time else { return true }
                guard let tb = b.time else { return false }
                return ta < tb
            }
            return a.order < b.order
        }
        for line in made {
            plan.append(
                line.lines, origins: line.lines.map { _ in line.origin }, actions: 1,
                to: LogEntry.defaultPath(for: line.date), header: LogEntry.header(for: line.date))
        }
    }

    private mutating func actionLine(_ a: TenWeekRecord.Action, order: Int) -> ActionLine? {
        let when = a.startTime.isEmpty ? a.logTime : a.startTime
        guard let time = ExportTime.parse(when) else {
            plan.problem(
                a.origin,
                when.isEmpty
                    ? "the action has no LogTime or StartTime"
                    : "'\(when)' is not an ISO 8601 date or time")
            return nil
        }
        let (date, clock) = time.local(utcOffset)
        var words = [date.description] + (clock.map { [$0.description] } ?? [])
        let quantities = self.quantities(a)
        let description = ActionLineText.description(a.title)
        if !description.isEmpty { words.append(description) }
        if description.isEmpty, quantities.isEmpty, a.goalIDs.isEmpty { words.append("Untitled action") }
        words += quantities
        for uuid in a.goalIDs where reference(uuid, "goal", from: a.origin) {
            guard let goal = goalByUUID[uuid.lowercased()] else {
                plan.problem(
                    a.origin,
                    "the action contributes to goal \(uuid), which is neither in this import nor in the ledger "
                        + "(import goals_export too)"
                )
                continue
            }
            if !words.contains("+" + goal) { words.append("+" + goal) }
        }
        let action = String(
            decoding: LogFormatter.canonicalLine(Array(words.joined(separator: " ").utf8)), as: UTF8.self)
        let notes = [a.description, a.notes].flatMap { EntityText.paragraph($0).split(separator: "\n") }
            .map { Provenance.notePrefix + $0 }.filter { $0.trimmingSpaces != "#" }
        return ActionLine(
            date: date, time: clock, order: order, lines: [Provenance.logMark(a.id)] + notes + [action],
            origin: a.origin.description)
    }

    /// The measurements as quantities (one per measure, summed), then the
    /// duration in minutes when no measurement is a time.
    private mutating func quantities(_ a: TenWeekRecord.Action) -> [String] {
        var amounts: [(measure: String, amount: ExactDecimal)] = []
        func add(_ measure: String, _ amount: ExactDecimal) {
            if let i = amounts.firstIndex(where: { $0.measure == measure }) {
                amounts[i].amount += amount
            } else {
                amounts.append((measure, amount))
            }
        }
        for m in a.measurements {
            guard let measure = measures.measure(unit: m.unit, title: m.title, type: m.type) else {
                plan.problem(a.origin, "a measurement has no unit")
                continue
            }
            guard let amount = ImportNumber.decimal(m.value) else {
                plan.problem(a.origin, "the measurement of \(measure) is '\(m.value)', not a number")
                continue
            }
            add(measure, amount)
        }
        let timed = amounts.contains { measures.kind(of: $0.measure) == .time }
        if !timed, let minutes = ImportNumber.decimal(a.durationMinutes), minutes > .zero,
            let measure = measures.measure(unit: "minutes", type: "time")
        {
            add(measure, minutes)
        }
        return amounts.filter { $0.amount != .zero }.map { ActionLineText.quantity($0.amount, $0.measure) }
    }
}
