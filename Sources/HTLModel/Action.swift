import HTLCore

/// One line of the action log.
public struct Action: Sendable, Equatable {
    public struct Quantity: Sendable, Equatable {
        // Declared widest first, positions as 32 bits: 32 bytes, no padding
        // (a million actions hold a million of these). The measure is its
        // position in the ledger's catalog, not its id as a String of its
        // own: 16 bytes fewer in every action, and no id copied per line.
        package var amount: ExactDecimal
        /// The token as written, kept only when it is not the amount's own
        /// spelling followed by the measure's id (`5.80km`, `1session` for
        /// `sessions`): nearly every quantity is, and making a String of the
        /// token was a fifth of the log parser's work on a quantity. Boxed:
        /// a reference is 8 bytes where a String is 16, in every quantity.
        private var spelledOut: Spelling?
        private var storedMeasureIndex: Int32
        private var storedColumn: Int32

        /// A token as written, apart from the quantity.
        private final class Spelling: Sendable {
            let token: String

            init(token: String) {
                self.token = token
            }
        }

        /// The measure's position in the ledger's `MeasureCatalog` (an alias
        /// in the log is resolved to its measure).
        package var measureIndex: Int {
            get { Int(storedMeasureIndex) }
            set { storedMeasureIndex = Int32(clamping: newValue) }
        }

        package var column: Int {
            get { Int(storedColumn) }
            set { storedColumn = Int32(clamping: newValue) }
        }

        /// The measure's id, from the catalog the quantity was read against
        /// (`ledger.measures`).
        package func measure(in catalog: MeasureCatalog) -> String {
            catalog.measures[measureIndex].id
        }

        /// The token as written in the log, e.g. `1session`.
        public func written(in catalog: MeasureCatalog) -> String {
            spelledOut?.token ?? amount.description + measure(in: catalog)
        }

        /// `written`: the token as written, nil when it is `amount.description`
        /// followed by the measure's id (the log parser knows which it is).
        package init(measureIndex: Int, amount: ExactDecimal, column: Int, written: String?) {
            self.amount = amount
            spelledOut = written.map(Spelling.init)
            storedMeasureIndex = Int32(clamping: measureIndex)
            storedColumn = Int32(clamping: column)
        }

        /// Equal when everything, the token as written included, is.
        public static func == (a: Quantity, b: Quantity) -> Bool {
            a.amount == b.amount && a.storedMeasureIndex == b.storedMeasureIndex && a.storedColumn == b.storedColumn
                && (a.spelledOut === b.spelledOut || a.spelledOut?.token == b.spelledOut?.token)
        }
    }

    public struct Link: Sendable, Equatable {
        public var goal: String
        private var storedColumn: Int32

        package var column: Int {
            get { Int(storedColumn) }
            set { storedColumn = Int32(clamping: newValue) }
        }

        package init(goal: String, column: Int) {
            self.goal = goal
            storedColumn = Int32(clamping: column)
        }
    }

    // The fields are in the order that leaves no padding between them: the
    // links' list is 28 bytes and the line fills the word it ends in. An
    // action is 120 bytes; a million of them are the largest thing a
    // command holds, and every byte is memory touched for the first time.
    /// The description, and the log's path (held by the text's store,
    /// shared by the log's actions: 16 bytes fewer in each). Visible to the
    /// package to be read in place through a pointer (`ActionJSON`).
    package private(set) var storedText: ActionText
    public var quantities: SmallList<Quantity>
    /// Lowercased, in the order written, without repeats.
    public var tags: SmallList<String>
    /// In the order written, each goal once.
    public var links: SmallList<Link>
    // Line, day and minute in 32 + 32 + 16 bits (each fits; a million
    // actions are 32 MB smaller than with a word each).
    private var storedLine: Int32
    private var storedDay: Int32
    /// Minutes since midnight, or -1 for no time.
    private var storedMinute: Int16

    /// The description as read (a stretch of the log's bytes, mostly).
    public var text: ActionText {
        get { storedText }
        set { storedText = newValue.moved(to: path) }
    }

    public var path: String {
        get { storedText.path }
        set { storedText = storedText.moved(to: newValue) }
    }

    public var description: String {
        get { text.string }
        set { storedText = ActionText(newValue, path: path) }
    }

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var date: CivilDate {
        get { CivilDate(dayNumber: Int(storedDay)) }
        set { storedDay = Int32(clamping: newValue.dayNumber) }
    }

    public var time: ClockTime? {
        get { storedMinute < 0 ? nil : ClockTime(hour: Int(storedMinute) / 60, minute: Int(storedMinute) % 60) }
        set { storedMinute = newValue.map { Int16($0.minuteOfDay) } ?? -1 }
    }

    public var location: SourceLocation { SourceLocation(path: path, line: line, column: 1) }

    /// Report order: date, time (none first), path, line.
    package static func chronologically(_ a: Action, _ b: Action) -> Bool {
        if a.date != b.date { return a.date < b.date }
        if a.time != b.time {
            guard let ta = a.time else { return true }
            guard let tb = b.time else { return false }
            return ta < tb
        }
        if a.path != b.path { return ByteOrder.precedes(a.path, b.path) }
        return a.line < b.line
    }

    package init(
        path: String, line: Int, date: CivilDate, time: ClockTime? = nil, description: String,
        quantities: SmallList<Quantity>, links: SmallList<Link>, tags: SmallList<String>
    ) {
        self.init(
            path: path, line: line, date: date, time: time, text: ActionText(description), quantities: quantities,
            links: links, tags: tags)
    }

    package init(
        path: String, line: Int, date: CivilDate, time: ClockTime? = nil, text: ActionText,
        quantities: SmallList<Quantity>, links: SmallList<Link>, tags: SmallList<String>
    ) {
        self.init(
            line: line, date: date, time: time, text: text.moved(to: path), quantities: quantities, links: links,
            tags: tags)
    }

    /// An action of the log `text` is in (the log parser's: its texts are
    /// in the log's own store, so the path is not compared for each line).
    package init(
        line: Int, date: CivilDate, time: ClockTime?, text: ActionText, quantities: SmallList<Quantity>,
        links: SmallList<Link>, tags: SmallList<String>
    ) {
        storedText = text
        self.quantities = quantities
        self.links = links
        self.tags = tags
        storedLine = Int32(clamping: line)
        storedDay = Int32(clamping: date.dayNumber)
        storedMinute = time.map { Int16($0.minuteOfDay) } ?? -1
    }
}

extension Action {
    /// Equal when every field is, the log's path included (a text's
    /// equality is its bytes only).
    public static func == (a: Action, b: Action) -> Bool {
        a.path == b.path && a.storedText == b.storedText && a.quantities == b.quantities && a.links == b.links
            && a.tags == b.tags && a.storedLine == b.storedLine && a.storedDay == b.storedDay
            && a.storedMinute == b.storedMinute
    }

    /// The same action, its description pointing into `file` (see `ActionText.rebased`).
    package func rebased(onto file: ActionText.Store) -> Action {
        var action = self
        action.storedText = storedText.rebased(onto: file)
        return action
    }

    /// The tag that marks a correction (FORMAT.md §6); a goal may not list it.
    public static let correctionTag = "correction"

    /// A correction of earlier lines: tagged `#correction`, or every quantity
    /// negative (`-0.8km`). Its quantities count toward totals, but it is no
    /// action in any count, streak, calendar or rhythm (FORMAT.md §6, revision 3).
    public var isCorrection: Bool {
        tags.contains(Action.correctionTag) || (!quantities.isEmpty && !quantities.contains { $0.amount >= .zero })
    }
}
