import HTLCore
import HTLModel

/// One log line being read: its tokens in order, and what they add up to.
/// A log parser keeps one scanner for a whole file and starts it on each
/// line (`begin`), so the catalog and look-ups are not copied per line.
struct LineScanner {
    var cursor: LineCursor
    /// The log file's path, for actions and findings.
    let path: String
    let measures: MeasureCatalog
    let units: UnitLookup
    let suggestions: SuggestionCache
    /// The log's bytes, which descriptions point into.
    let file: ActionText.Store
    var findings = LineFindings()
    /// The line's links, kept even when the line is rejected (an unknown goal
    /// among them is still reported).
    var links: SmallList<Action.Link> = []

    private var time: ClockTime?
    private var description = LineDescription()
    private var quantities: SmallList<Action.Quantity> = []
    private var tags: SmallList<String> = []
    // Linear look-ups while small; sets once a line has many links, tags or quantities.
    private var linkSet: Set<String>?
    private var tagSet: Set<String>?
    /// The column of each measure's quantity on this line, by measure (0: none), once it has many.
    private var quantityColumns: [Int]?
    /// Long goal ids and tags of this piece of the log, made into Strings once.
    private var linkNames = NameCache()
    private var tagNames = NameCache()
    private var hasContent = false
    private var failed = false
    private var stopped = false
    /// A bare number just read (`5` of `5 km`), waiting to see whether a unit follows.
    private var pendingNumber: Range<Int>?
    private var knownPrintableASCII = false
    /// The line's spaces as bits, when it is printable ASCII and short (most lines).
    private var spaces: LineSpaces?

    let judgesUnits: Bool
    /// The last date read: consecutive lines mostly share their day.
    private var lastDate = RecentDay()

    init(
        cursor: LineCursor, buffer: [UInt8], path: String, file: ActionText.Store, measures: MeasureCatalog,
        units: UnitLookup, suggestions: SuggestionCache, judgesUnits: Bool
    ) {
        self.cursor = cursor
        self.buffer = buffer
        self.path = path
        self.file = file
        self.measures = measures
        self.units = units
        self.suggestions = suggestions
        self.judgesUnits = judgesUnits
    }

    /// Starts on another line, forgetting everything about the last one.
    /// Most lines leave nothing behind (a line's lists move into its
    /// action), so only what holds something is let go: a reset that
    /// releases empty storage is work done for every line of the log.
    /// `printableASCII`: the line is known to be all printable ASCII
    /// (`LineSurvey`), so its characters need no second look.
    mutating func begin(_ cursor: LineCursor, printableASCII: Bool = false, spaces: UInt64? = nil) {
        self.cursor = cursor
        knownPrintableASCII = printableASCII
        self.spaces =
            printableASCII ? spaces.flatMap { LineSpaces(start: cursor.start, end: cursor.end, spaces: $0) } : nil
        if !findings.isEmpty { findings = LineFindings() }
        if !links.isEmpty { links = [] }
        time = nil
        description.reset()
        if !quantities.isEmpty { quantities = [] }
        if !tags.isEmpty { tags = [] }
        if linkSet != nil { linkSet = nil }
        if tagSet != nil { tagSet = nil }
        if quantityColumns != nil { quantityColumns = nil }
        hasContent = false
        failed = false
        stopped = false
        pendingNumber = nil
    }

    /// The log's bytes, held once for all the lines of a piece.
    let buffer: [UInt8]

    /// Where byte `offset` of the line is.
    private mutating func location(_ offset: Int) -> SourceLocation {
        SourceLocation(path: path, line: cursor.line, column: cursor.column(offset, in: buffer))
    }

    /// A warning: the line still counts.
    mutating func warn(_ rule: RuleID, at offset: Int, _ message: String, help: String? = nil) {
        findings.add(Finding(rule, location(offset), message, help: help))
    }

    /// True when the line already has its share of `rule`'s findings: this
    /// one is only counted, and no message is written for it (a line of ten
    /// million repeated quantities made ten million); an error still
    /// rejects the line.
    private mutating func onlyCounted(_ rule: RuleID, error: Bool = true) -> Bool {
        guard findings.countsOnly(rule) else { return false }
        if error { failed = true }
        return true
    }

    mutating func report(_ rule: RuleID, at offset: Int, _ message: String, help: String? = nil) {
        findings.add(Finding(rule, location(offset), message, help: help))
        failed = true
        if LineScanner.stopsTheLine(rule) { stopped = true }
    }

    /// Whether the last line read was all printable text and valid UTF-8
    /// (false: it stopped at a control character or a bad byte).
    private(set) var charactersAreText = true

    /// Reads the line; its action, if it is one, is appended to `region`.
    /// False for blanks, comments and lines with errors. (Written in place:
    /// an `Action?` handed back is copied and destroyed through the
    /// runtime's generic witnesses, hundreds of instructions a line.)
    mutating func parse(into region: inout Parallel.Region<Action>) -> Bool {
        charactersAreText = checkCharacters()
        guard charactersAreText else { return false }
        let end = cursor.end
        // Read once: the calls below may change the scanner, so a stored property is read again at each use.
        let spaces = spaces
        var i = cursor.start
        while i < end, Bytes.isBlank(buffer[i]) { i += 1 }
        if i == end || buffer[i] == Bytes.hash { return false }
        let dateStart = i
        guard let date = readDate(&i) else { return false }
        var first = true
        while !stopped {
            while i < end, Bytes.isBlank(buffer[i]) { i += 1 }
            if i == end { break }
            if buffer[i] == Bytes.quote {
                guard readQuoted(&i) else { break }
            } else {
                let start = i
                i = LineScanner.tokenEnd(
                    buffer.span, from: i, end: end, printableASCII: knownPrintableASCII, spaces: spaces)
                if first, ClockTime.isShaped(buffer.span.extracting(start..<i)) {
                    guard readTime(start, i) else { break }
                } else {
                    readToken(start, i)
                }
            }
            first = false
        }
        if failed { return false }
        guard hasContent else {
            report(.emptyAction, at: dateStart, "the action has no description, quantity or link")
            return false
        }
        let text = description.text(in: file, lineStart: cursor.start)
        // The text and the lists move into the action (no copy to count references for,
        // nothing left to reset; the text handed over as a copy was a retain and a
        // release of the log's store a line).
        region.append(
            Action(
                line: cursor.line, date: date, time: time, text: consume text,
                quantities: quantities.takeAll(), links: links.takeAll(), tags: tags.takeAll()))
        return true
    }

    /// Where the token starting at `i` ends: at the next blank, or at `end`.
    /// A line known to be printable ASCII holds no tab, so its blanks are
    /// spaces: read off the line's `spaces` when it has them, else looked
    /// for eight bytes at a time (byte by byte, the tokens of a line were a
    /// tenth of reading it). Static: see `firstColumn`.
    private static func tokenEnd(
        _ buffer: Span<UInt8>, from i: Int, end: Int, printableASCII: Bool,
        spaces: LineSpaces?
    ) -> Int {
        if let spaces { return spaces.nextSpace(from: i) }
        if printableASCII { return ByteWords.firstIndex(of: Bytes.space, in: buffer, from: i, end: end) }
        var j = i
        while j < end, !Bytes.isBlank(buffer[j]) { j += 1 }
        return j
    }

    /// Whether a finding of this rule ends the reading of the line. After a
    /// bad quantity the line is already rejected, but the rest of it is
    /// still read so that every such token is reported; other errors stop it.
    private static func stopsTheLine(_ rule: RuleID) -> Bool {
        rule != .unknownUnit && rule != .badQuantity && rule != .duplicateQuantity && rule != .zeroQuantity
    }

    // MARK: Characters, date and time

    /// Encoding and control characters first: nothing else is trustworthy after them.
    private mutating func checkCharacters() -> Bool {
        if knownPrintableASCII { return true }
        var nonASCII = false
        var i = cursor.start
        // Most lines are printable ASCII throughout: skipped eight bytes at a
        // time, up to the first word holding anything else (a tab, too).
        let bytes = buffer
        while i + 8 <= cursor.end {
            let word = RawBytes.word(bytes.span, i)
            if ByteWords.nonASCII(word) | ByteWords.controls(word) | ByteWords.equal(word, 0x7F) != 0 { break }
            i += 8
        }
        while i < cursor.end {
            let b = buffer[i]
            if b >= 0x80 {
                // Columns count scalars from here on, not bytes.
                nonASCII = true
                cursor.isASCII = false
            } else if (b < 0x20 && b != Bytes.tab) || b == 0x7F {
                report(.badLogLine, at: i, "control character U+00\(hex(b)) in a log line")
                return false
            }
            i += 1
        }
        if nonASCII, let bad = UTF8Validation.firstInvalidByte(buffer, in: cursor.start..<cursor.end) {
            findings.add(
                Finding(
                    .encoding, location(bad), "the line is not valid UTF-8 (byte 0x\(hex(buffer[bad])))",
                    help: "save the file as UTF-8"))
            return false
        }
        return true
    }

    private mutating func readDate(_ i: inout Int) -> CivilDate? {
        let start = i
        i = LineScanner.tokenEnd(
            buffer.span, from: i, end: cursor.end, printableASCII: knownPrintableASCII, spaces: spaces)
        let file = buffer
        let bytes = file.span.extracting(start..<i)
        if let date = lastDate.date(bytes) { return date }
        if let date = CivilDate.parse(bytes) {
            lastDate = RecentDay(bytes, date)
            return date
        }
        let token = cursor.text(start, i, limit: 20, in: buffer)
        let message =
            CivilDate.whyNotReal(token).map { "\(token) is not a real date: \($0)" }
            ?? "a log line must start with a date YYYY-MM-DD (or '#' for a comment), found '\(token)'"
        report(.badLogLine, at: start, message)
        return nil
    }

    private mutating func readTime(_ start: Int, _ end: Int) -> Bool {
        guard let t = ClockTime.parse(buffer.span.extracting(start..<end)) else {
            report(
                .badLogLine, at: start,
                "invalid time '\(cursor.text(start, end, limit: 12, in: buffer))': write HH:MM (24-hour)")
            return false
        }
        time = t
        return true
    }

    // MARK: Items

    /// Quoted text: `\"` and `\\` are the only escapes.
    private mutating func readQuoted(_ i: inout Int) -> Bool {
        pendingNumber = nil
        let start = i
        var text: [UInt8] = []
        var j = i + 1
        var closed = false
        while j < cursor.end {
            let c = buffer[j]
            if c == Bytes.backslash, j + 1 < cursor.end,
                buffer[j + 1] == Bytes.quote || buffer[j + 1] == Bytes.backslash
            {
                text.append(buffer[j + 1])
                j += 2
                continue
            }
            if c == Bytes.quote {
                closed = true
                break
            }
            text.append(c)
            j += 1
        }
        guard closed else {
            report(.badLogLine, at: start, "unterminated quote: add a closing '\"'")
            return false
        }
        i = j + 1
        if i < cursor.end, !Bytes.isBlank(buffer[i]) {
            report(.badLogLine, at: i, "put a space after the closing quote")
            return false
        }
        if !text.isEmpty {
            hasContent = true
            description.add(quoted: text, of: buffer)
        }
        return true
    }

    /// A link, a tag, a quantity (or something almost one), or a word.
    private mutating func readToken(_ start: Int, _ end: Int) {
        let number = pendingNumber
        pendingNumber = nil
        let b = buffer[start]
        if b == Bytes.plus, end - start > 1 { return readLink(start, end) }
        if b == Bytes.hash, end - start > 1 { return readTag(start, end) }
        switch QuantityToken.classify(buffer.span, start, end, units: units) {
        case .quantity(let split, let measureIndex, let unitIsID):
            readQuantity(start, split, end, measureIndex: measureIndex, unitIsID: unitIsID)
        case .unknownUnit where !judgesUnits:
            failed = true
        case .unknownUnit(let split):
            if onlyCounted(.unknownUnit) { return }
            let unit = RawBytes.string(buffer.span.extracting(split..<end))
            if let one = compoundQuantity(RawBytes.string(buffer.span.extracting(start..<split)), unit) {
                report(.unknownUnit, at: split, "unknown unit '\(unit)'", help: "write one quantity: \(one)")
                return
            }
            let suggestion = suggestions.didYouMean(unit, measures.allNames)
            report(
                .unknownUnit, at: split, "unknown unit '\(unit)'" + suggestion,
                help:
                    "declare it in measures.yaml, or quote the word: "
                    + "\"\(cursor.text(start, end, limit: 40, in: buffer))\""
            )
        case .almost(let fix):
            if onlyCounted(.badQuantity) { return }
            let token = cursor.text(start, end, limit: 40, in: buffer)
            report(
                .badQuantity, at: start,
                "'\(token)' is almost a quantity, but its number is not written as htl reads numbers",
                help: fix.map { "write \($0)" + QuantityToken.quoteHint(token) }
                    ?? "write the number as digits with an optional '.' and decimals, like 5.5km"
                    + QuantityToken.quoteHint(token))
        case .word:
            hasContent = true
            description.add(word: start..<end, of: buffer)
            if let number { checkSpacedQuantity(number, unit: start..<end) }
            if QuantityToken.isBareNumber(buffer.span, start, end) { pendingNumber = start..<end }
        }
    }

    /// `1h25min`: two quantities of measures that convert into each other,
    /// glued (`number` 1, `unit` h25min): their sum in the second one's unit,
    /// as it was written (`85min`); nil for anything else.
    func compoundQuantity(_ number: String, _ unit: String) -> String? {
        guard case .success(let first) = ExactDecimal.parse(number), !number.hasPrefix("-") else { return nil }
        let scalars = Array(unit.unicodeScalars)
        func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
        // Where a name ends and the second number begins: a letter, then a digit.
        for k in scalars.indices.dropFirst() where isDigit(scalars[k]) && scalars[k - 1].properties.isAlphabetic {
            let firstName = String(String.UnicodeScalarView(scalars[..<k]))
            var n = k
            while n < scalars.count, isDigit(scalars[n]) || scalars[n] == "." { n += 1 }
            let secondNumber = String(String.UnicodeScalarView(scalars[k..<n]))
            let secondName = String(String.UnicodeScalarView(scalars[n...]))
            guard let a = measures.index(for: firstName), let b = measures.index(for: secondName), a != b,
                case .success(let second) = ExactDecimal.parse(secondNumber),
                let converted = measures.convert(first, from: a, to: b)
            else { continue }
            return (converted + second).description + secondName
        }
        return nil
    }

    /// `5 km`: a number, a space, then a declared unit counts for nothing as
    /// written; say so (a warning: the line still counts, as words).
    private mutating func checkSpacedQuantity(_ number: Range<Int>, unit: Range<Int>) {
        guard units.index(for: buffer.span.extracting(unit)) != nil else { return }
        if onlyCounted(.spacedQuantity, error: false) { return }
        let word = RawBytes.string(buffer.span.extracting(unit))
        let written = cursor.text(number.lowerBound, number.upperBound, limit: 20, in: buffer) + word
        warn(
            .spacedQuantity, at: number.lowerBound,
            "'\(cursor.text(number.lowerBound, number.upperBound, limit: 20, in: buffer)) \(word)' has a space "
                + "between the number and the unit, so it counts for nothing",
            help: "write \(written)")
    }

    private mutating func readLink(_ start: Int, _ end: Int) {
        let id = linkNames.string(buffer, (start + 1)..<end) { String(utf8Bytes: $0) }
        if linkSet == nil, links.count >= 16 { linkSet = Set(links.map(\.goal)) }
        let seen = linkSet.map { $0.contains(id) } ?? links.contains { $0.goal == id }
        if !seen {
            links.append(Action.Link(goal: id, column: cursor.column(start, in: buffer)))
            linkSet?.insert(id)
        }
        hasContent = true
    }

    private mutating func readTag(_ start: Int, _ end: Int) {
        guard Identifier.isValidTag(buffer.span.extracting((start + 1)..<end)) else {
            report(
                .badLogLine, at: start,
                "invalid tag '\(cursor.text(start, end, limit: 40, in: buffer))': "
                    + "tags use letters, digits, '-' and '_'",
                help: "to write '#' in a description, quote it: \"#1 fan\"")
            return
        }
        let tag = tagNames.string(buffer, (start + 1)..<end) { String(lowercasingASCII: $0) }
        if tagSet == nil, tags.count >= 16 { tagSet = Set(tags) }
        if !(tagSet.map { $0.contains(tag) } ?? tags.contains(tag)) {
            tags.append(tag)
            tagSet?.insert(tag)
        }
    }

    private mutating func readQuantity(_ start: Int, _ split: Int, _ end: Int, measureIndex: Int, unitIsID: Bool) {
        switch ExactDecimal.parse(buffer.span.extracting(start..<split)) {
        case .success(let amount):
            if amount.isZero {
                if onlyCounted(.zeroQuantity) { return }
                report(
                    .zeroQuantity, at: start,
                    "a quantity of 0 \(cursor.text(split, end, limit: Int.max, in: buffer)) counts for nothing; "
                        + "remove it"
                )
            } else if let previous = LineScanner.firstColumn(of: measureIndex, in: quantities, columns: quantityColumns)
            {
                if onlyCounted(.duplicateQuantity) { return }
                report(
                    .duplicateQuantity, at: start,
                    "a second quantity of \(measures.measures[measureIndex].id) in one action (first at column "
                        + "\(previous))",
                    help: "log one total, or two actions")
            } else {
                let column = cursor.column(start, in: buffer)
                // The token is kept as written only when it is not the amount's spelling and the measure's id.
                let ownSpelling = unitIsID && amount.isSpelled(by: buffer.span.extracting(start..<split))
                quantities.append(
                    Action.Quantity(
                        measureIndex: measureIndex, amount: amount, column: column,
                        written: ownSpelling ? nil : cursor.text(start, end, limit: Int.max, in: buffer)))
                quantityColumns?[measureIndex] = column
                if quantityColumns == nil, quantities.count >= 8 {
                    var columns = [Int](repeating: 0, count: measures.measures.count)
                    for q in quantities where columns[q.measureIndex] == 0 { columns[q.measureIndex] = q.column }
                    quantityColumns = columns
                }
                hasContent = true
            }
        case .failure where onlyCounted(.badQuantity):
            return
        case .failure(.tooManyFractionDigits):
            report(
                .badQuantity, at: start,
                "quantity '\(cursor.text(start, end, limit: 40, in: buffer))' has more than 6 decimal places",
                help: "round it to at most 6 decimals")
        case .failure:
            report(.badQuantity, at: start, "quantity '\(cursor.text(start, end, limit: 40, in: buffer))' is too large")
        }
    }

    /// The column of an earlier quantity of the same measure on this line.
    /// (Static: a method of the scanner, called from a mutating one, was
    /// handed a copy of the whole scanner, 410 bytes, per quantity.)
    private static func firstColumn(of measureIndex: Int, in quantities: SmallList<Action.Quantity>, columns: [Int]?)
        -> Int?
    {
        if let columns { return columns[measureIndex] == 0 ? nil : columns[measureIndex] }
        return quantities.first { $0.measureIndex == measureIndex }?.column
    }
}
