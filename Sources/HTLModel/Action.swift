import HTLCore

/// One line of the action log.
public struct Action: Sendable, Equatable {
    public struct Quantity: Sendable, Equatable {
        // Declared widest first: 64 bytes, no padding.
        package var amount: ExactDecimal
        /// The measure id (an alias in the log is resolved to its measure).
        package var measure: String
        /// The token as written in the log, e.g. `1session`.
        public var written: String
        /// The measure's position in the ledger's `MeasureCatalog`.
        package var measureIndex: Int
        package var column: Int

        package init(measure: String, measureIndex: Int, amount: ExactDecimal, column: Int, written: String) {
            self.measure = measure
            self.measureIndex = measureIndex
            self.amount = amount
            self.column = column
            self.written = written
        }
    }

    public struct Link: Sendable, Equatable {
        public var goal: String
        package var column: Int

        package init(goal: String, column: Int) {
            self.goal = goal
            self.column = column
        }
    }

    public var path: String
    public var line: Int
    public var date: CivilDate
    public var time: ClockTime?
    public var description: String
    public var quantities: SmallList<Quantity>
    public var links: SmallList<Link>
    /// Lowercased, in the order written, without repeats.
    public var tags: SmallList<String>

    public var location: SourceLocation { SourceLocation(path: path, line: line, column: 1) }

    /// Report order: date, time (none first), path, line.
    package static func chronologically(_ a: Action, _ b: Action) -> Bool {
        if a.date != b.date { return a.date < b.date }
        if a.time != b.time {
            guard let ta = a.time else { return true }
            guard let tb = b.time else { return false }
            return ta < tb
        }
        if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
        return a.line < b.line
    }

    package init(path: String, line: Int, date: CivilDate, time: ClockTime? = nil, description: String, quantities: SmallList<Quantity>, links: SmallList<Link>, tags: SmallList<String>) {
        self.path = path
        self.line = line
        self.date = date
        self.time = time
        self.description = description
        self.quantities = quantities
        self.links = links
        self.tags = tags
    }
}

extension Action {
    /// A correction of earlier lines (every quantity negative, e.g. `-0.8km`):
    /// it adjusts totals but is not one more occurrence, so `actions` does
    /// not count it.
    package var isCorrection: Bool {
        !quantities.isEmpty && quantities.allSatisfy { $0.amount < .zero }
    }
}
