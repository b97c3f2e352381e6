import HTLCore
import HTLFormat

/// Header names to column positions for one CSV file.
struct CSVColumns {
    let header: [String]
    let file: String

    init(header: [String], file: String) throws {
        self.header = header.map { $0.trimmingSpaces.lowercased() }
        self.file = file
    }

    /// The 0-based position of a column; an error naming the header when
    /// no column has that name.
    func index(_ column: CSVRules.Column) throws(HTLError) -> Int {
        switch column {
        case .number(let n): return n - 1
        case .name(let name):
            guard let i = header.firstIndex(of: name.trimmingSpaces.lowercased()) else {
                throw HTLError("\(file): no column '\(name)'; the header has: \(header.joined(separator: ", "))")
            }
            return i
        }
    }

    /// Every column the rules read is in the header: a name it has, a
    /// number no larger than its width (without a header, each row is
    /// checked on its own).
    func check(_ rules: CSVRules, hasHeader: Bool) throws(HTLError) {
        let used =
            [rules.date] + (rules.time.map { [$0] } ?? []) + rules.description + rules.quantities.map(\.column)
            + rules.conditions.map(\.column)
        for column in used {
            let i = try index(column)
            if hasHeader, i >= header.count {
                throw HTLError(
                    "\(file): the rules read column \(i + 1), but the header has \(header.count) columns: "
                        + "\(header.joined(separator: ", "))"
                )
            }
        }
    }
}

/// One data row made into an action line by the rules.
struct CSVRow {
    let record: CSV.Record
    let columns: CSVColumns
    let rules: CSVRules
    let origin: String
    var problems: [String] = []

    init(record: CSV.Record, columns: CSVColumns, rules: CSVRules, origin: String) {
        self.record = record
        self.columns = columns
        self.rules = rules
        self.origin = origin
    }

    /// A column's text; an error naming the row when the row is shorter.
    func field(_ column: CSVRules.Column) throws(HTLError) -> String {
        let i = try columns.index(column)
        guard i < record.fields.count else {
            let name: String
            if case .name(let n) = column { name = "'\(n)', column \(i + 1)" } else { name = "column \(i + 1)" }
            throw HTLError("\(origin): the row has \(record.fields.count) columns; the rules read \(name)")
        }
        return record.fields[i].trimmingSpaces
    }

    /// The row's date and canonical line; nil when a condition skips it or
    /// it has a problem (recorded).
    mutating func line(utcOffset: UTCOffset) -> (CivilDate, String)? {
        do {
            var links = rules.links
            var tags = rules.tags
            for condition in rules.conditions where try matches(condition) {
                if condition.skip { return nil }
                links += condition.links.filter { !links.contains($0) }
                tags += condition.tags.filter { !tags.contains($0) }
            }
            guard let (date, time) = try when(utcOffset) else { return nil }
            let description = ActionLineText.description(
                try rules.description.map(field).filter { !$0.isEmpty }.joined(separator: " "))
            let content = (description.isEmpty ? [] : [description]) + (try quantities()) + links.map { "+" + $0 }
            guard !content.isEmpty else {
                problems.append("\(origin): the row gives no description, quantity or link")
                return nil
            }
            let words = [date.description] + (time.map { [$0.description] } ?? []) + content + tags.map { "#" + $0 }
            return (
                date,
                String(decoding: LogFormatter.canonicalLine(Array(words.joined(separator: " ").utf8)), as: UTF8.self)
            )
        } catch {
            problems.append(error.message)
            return nil
        }
    }

    func matches(_ condition: CSVRules.Condition) throws(HTLError) -> Bool {
        let text = try field(condition.column).lowercased()
        if let needle = condition.contains { return text.contains(needle.lowercased()) }
        return text == (condition.equals ?? "").lowercased()
    }

    mutating func when(_ utcOffset: UTCOffset) throws(HTLError) -> (CivilDate, ClockTime?)? {
        let text = try field(rules.date)
        let read = rules.dateFormat.map { $0.read(text) } ?? ExportTime.parse(text).map { $0.local(utcOffset) }
        guard let (date, readTime) = read else {
            let format =
                rules.dateFormat == nil ? " (ISO 8601; set date_format for others)" : " in the rules' date_format"
            problems.append("\(origin): '\(text)' is not a date\(format)")
            return nil
        }
        var time = readTime
        if let column = rules.time {
            let clock = try field(column)
            if !clock.isEmpty {
                guard let parsed = ClockTime.parse(String(clock.prefix(5))) else {
                    problems.append("\(origin): '\(clock)' is not a time (HH:MM)")
                    return nil
                }
                time = parsed
            }
        }
        return (date, time)
    }

    func quantities() throws(HTLError) -> [String] {
        var words: [String] = []
        for q in rules.quantities {
            var text = try field(q.column)
            if text.isEmpty { continue }
            if rules.decimalComma { text = text.replacingAll(".", "").replacingAll(",", ".") }
            guard var amount = ImportNumber.decimal(text) else {
                throw HTLError("\(origin): '\(text)' in the \(q.measure) column is not a number")
            }
            if let m = q.multiply { amount = amount.multiplied(by: m) }
            if let d = q.divide, let divided = amount.divided(by: d) { amount = divided }
            if amount != .zero { words.append(ActionLineText.quantity(amount, q.measure)) }
        }
        return words
    }
}
