/// The action log parser (FORMAT.md §6): one pass over the bytes of a log
/// file, no regular expressions, no date formatters. A line with a problem
/// is reported and does not count.
struct LogParser {
    let measures: MeasureCatalog
    /// Did-you-mean answers per unknown unit, computed once each.
    private let suggestions = SuggestionCache()

    private static let space: UInt8 = 0x20
    private static let tab: UInt8 = 0x09
    private static let newline: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    private static let hash = UInt8(ascii: "#")
    private static let plus = UInt8(ascii: "+")
    private static let minus = UInt8(ascii: "-")
    private static let dot = UInt8(ascii: ".")
    private static let colon = UInt8(ascii: ":")
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    @inline(__always) static func isBlank(_ b: UInt8) -> Bool { b == space || b == tab }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

    /// Parses every line of `file`, appending actions and findings.
    func parse(_ file: SourceFile, into actions: inout [Action], _ diagnostics: inout [Diagnostic],
               rejectedLinks: inout [(location: SourceLocation, goal: String)]) {
        file.bytes.withUnsafeBufferPointer { buffer in
            var position = TextPosition.hasByteOrderMark(file.bytes) ? 3 : 0
            var line = 0
            let count = buffer.count
            while position < count {
                line += 1
                var end = position
                while end < count, buffer[end] != LogParser.newline { end += 1 }
                var contentEnd = end
                if contentEnd > position, buffer[contentEnd - 1] == LogParser.carriageReturn { contentEnd -= 1 }
                var cursor = LineCursor(buffer: buffer, start: position, end: contentEnd, path: file.path, line: line)
                var links: [Action.Link] = []
                if let action = parseLine(&cursor, &diagnostics, links: &links) {
                    actions.append(action)
                } else {
                    for link in links {
                        rejectedLinks.append((SourceLocation(path: file.path, line: line, column: link.column), link.goal))
                    }
                }
                position = end + 1
            }
        }
    }

    /// One line; nil for blanks, comments and lines with errors.
    /// `links` receives the line's links even when the line is rejected.
    private func parseLine(_ cursor: inout LineCursor, _ diagnostics: inout [Diagnostic], links: inout [Action.Link]) -> Action? {
        let buffer = cursor.buffer
        let end = cursor.end
        // Encoding and control characters first: nothing else is trustworthy after them.
        var nonASCII = false
        var i = cursor.start
        while i < end {
            let b = buffer[i]
            if b >= 0x80 {
                nonASCII = true
            } else if b < 0x20, b != LogParser.tab {
                diagnostics.append(Diagnostic(.badLogLine, cursor.location(i),
                                              "control character U+00\(hex(b)) in a log line"))
                return nil
            } else if b == 0x7F {
                diagnostics.append(Diagnostic(.badLogLine, cursor.location(i), "control character U+007F in a log line"))
                return nil
            }
            i += 1
        }
        cursor.isASCII = !nonASCII
        if nonASCII, let bad = firstInvalidUTF8(buffer, cursor.start, end) {
            diagnostics.append(Diagnostic(.encoding, cursor.location(bad), "the line is not valid UTF-8 (byte 0x\(hex(buffer[bad])))",
                                          help: "save the file as UTF-8"))
            return nil
        }

        i = cursor.start
        while i < end, LogParser.isBlank(buffer[i]) { i += 1 }
        if i == end || buffer[i] == LogParser.hash { return nil }

        // The date.
        let dateStart = i
        while i < end, !LogParser.isBlank(buffer[i]) { i += 1 }
        let dateBytes = UnsafeBufferPointer(rebasing: buffer[dateStart..<i])
        guard let date = CivilDate.parse(dateBytes) else {
            let token = cursor.text(dateStart, i, limit: 20)
            let message = CivilDate.hasDateShape(dateBytes)
                ? "\(token) is not a real date"
                : "a log line must start with a date YYYY-MM-DD (or '#' for a comment), found '\(token)'"
            diagnostics.append(Diagnostic(.badLogLine, cursor.location(dateStart), message))
            return nil
        }

        var time: ClockTime?
        var description: [UInt8] = []
        var quantities: [Action.Quantity] = []
        var tags: [String] = []
        // Linear look-ups while small; sets once a line has many links or tags.
        var linkSet: Set<String>?
        var tagSet: Set<String>?
        var hasContent = false
        var failed = false
        var first = true

        while true {
            while i < end, LogParser.isBlank(buffer[i]) { i += 1 }
            if i == end { break }
            let tokenStart = i
            let b = buffer[i]

            if b == LogParser.quote {
                // Quoted text: \" and \\ are the only escapes.
                var text: [UInt8] = []
                var j = i + 1
                var closed = false
                while j < end {
                    let c = buffer[j]
                    if c == LogParser.backslash, j + 1 < end, buffer[j + 1] == LogParser.quote || buffer[j + 1] == LogParser.backslash {
                        text.append(buffer[j + 1])
                        j += 2
                        continue
                    }
                    if c == LogParser.quote {
                        closed = true
                        break
                    }
                    text.append(c)
                    j += 1
                }
                guard closed else {
                    diagnostics.append(Diagnostic(.badLogLine, cursor.location(tokenStart), "unterminated quote: add a closing '\"'"))
                    failed = true
                    break
                }
                i = j + 1
                if i < end, !LogParser.isBlank(buffer[i]) {
                    diagnostics.append(Diagnostic(.badLogLine, cursor.location(i), "put a space after the closing quote"))
                    failed = true
                    break
                }
                if !text.isEmpty {
                    if !description.isEmpty { description.append(LogParser.space) }
                    description.append(contentsOf: text)
                    hasContent = true
                }
                first = false
                continue
            }

            while i < end, !LogParser.isBlank(buffer[i]) { i += 1 }
            let tokenEnd = i
            let length = tokenEnd - tokenStart
            defer { first = false }

            if first, isTimeShaped(buffer, tokenStart, tokenEnd) {
                guard let t = ClockTime.parse(UnsafeBufferPointer(rebasing: buffer[tokenStart..<tokenEnd])) else {
                    diagnostics.append(Diagnostic(.badLogLine, cursor.location(tokenStart),
                                                  "invalid time '\(cursor.text(tokenStart, tokenEnd, limit: 12))': write HH:MM (24-hour)"))
                    failed = true
                    break
                }
                time = t
                continue
            }

            if b == LogParser.plus, length > 1 {
                let idBytes = UnsafeBufferPointer(rebasing: buffer[(tokenStart + 1)..<tokenEnd])
                let id = String(decoding: idBytes, as: UTF8.self)
                if linkSet == nil, links.count >= 16 { linkSet = Set(links.map(\.goal)) }
                let seen = linkSet.map { $0.contains(id) } ?? links.contains { $0.goal == id }
                if !seen {
                    links.append(Action.Link(goal: id, column: cursor.column(tokenStart)))
                    linkSet?.insert(id)
                }
                hasContent = true
                continue
            }

            if b == LogParser.hash, length > 1 {
                let tagBytes = UnsafeBufferPointer(rebasing: buffer[(tokenStart + 1)..<tokenEnd])
                guard Identifier.isValidTag(tagBytes) else {
                    diagnostics.append(Diagnostic(.badLogLine, cursor.location(tokenStart),
                                                  "invalid tag '\(cursor.text(tokenStart, tokenEnd, limit: 40))': tags use letters, digits, '-' and '_'",
                                                  help: "to write '#' in a description, quote it: \"#1 fan\""))
                    failed = true
                    break
                }
                let tag = Identifier.lowercasedASCII(tagBytes)
                if tagSet == nil, tags.count >= 16 { tagSet = Set(tags) }
                if !(tagSet.map { $0.contains(tag) } ?? tags.contains(tag)) {
                    tags.append(tag)
                    tagSet?.insert(tag)
                }
                continue
            }

            if let split = quantitySplit(buffer, tokenStart, tokenEnd) {
                let unit = String(decoding: UnsafeBufferPointer(rebasing: buffer[split..<tokenEnd]), as: UTF8.self)
                guard let measureIndex = measures.index(for: unit) else {
                    let suggestion = suggestions.didYouMean(unit, measures.allNames)
                    diagnostics.append(Diagnostic(.unknownUnit, cursor.location(split), "unknown unit '\(unit)'" + suggestion,
                                                  help: "declare it in measures.yaml, or quote the word: \"\(cursor.text(tokenStart, tokenEnd, limit: 40))\""))
                    failed = true
                    continue
                }
                let measure = measures.measures[measureIndex].id
                let numberBytes = UnsafeBufferPointer(rebasing: buffer[tokenStart..<split])
                switch ExactDecimal.parse(numberBytes) {
                case .success(let amount):
                    if amount.isZero {
                        diagnostics.append(Diagnostic(.zeroQuantity, cursor.location(tokenStart),
                                                      "a quantity of 0 \(unit) counts for nothing; remove it"))
                        failed = true
                    } else if let previous = quantities.first(where: { $0.measureIndex == measureIndex }) {
                        diagnostics.append(Diagnostic(.duplicateQuantity, cursor.location(tokenStart),
                                                      "a second quantity of \(measure) in one action (first at column \(previous.column))",
                                                      help: "log one total, or two actions"))
                        failed = true
                    } else {
                        quantities.append(Action.Quantity(measure: measure, measureIndex: measureIndex, amount: amount,
                                                          column: cursor.column(tokenStart),
                                                          written: cursor.text(tokenStart, tokenEnd, limit: Int.max)))
                        hasContent = true
                    }
                case .failure(.tooManyFractionDigits):
                    diagnostics.append(Diagnostic(.badLogLine, cursor.location(tokenStart),
                                                  "quantity '\(cursor.text(tokenStart, tokenEnd, limit: 40))' has more than 6 decimal places"))
                    failed = true
                case .failure:
                    diagnostics.append(Diagnostic(.badLogLine, cursor.location(tokenStart),
                                                  "quantity '\(cursor.text(tokenStart, tokenEnd, limit: 40))' is too large"))
                    failed = true
                }
                continue
            }

            // A word of the description.
            if !description.isEmpty { description.append(LogParser.space) }
            description.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[tokenStart..<tokenEnd]))
            hasContent = true
        }
        if failed { return nil }
        guard hasContent else {
            diagnostics.append(Diagnostic(.emptyAction, cursor.location(dateStart),
                                          "the action has no description, quantity or link"))
            return nil
        }
        return Action(path: cursor.path, line: cursor.line, date: date, time: time,
                      description: String(decoding: description, as: UTF8.self),
                      quantities: quantities, links: links, tags: tags)
    }

    /// `D+:D+` (a time, valid or not).
    private func isTimeShaped(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var colon = -1
        for k in start..<end {
            if buffer[k] == LogParser.colon {
                if colon >= 0 { return false }
                colon = k
            } else if !LogParser.isDigit(buffer[k]) {
                return false
            }
        }
        return colon > start && colon < end - 1
    }

    /// Where the unit starts when the token is `-?D+(.D+)?` followed by a
    /// letter (a quantity, known unit or not); nil for any other token.
    private func quantitySplit(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var j = start
        if buffer[j] == LogParser.minus { j += 1 }
        let digitsStart = j
        while j < end, LogParser.isDigit(buffer[j]) { j += 1 }
        guard j > digitsStart else { return nil }
        if j + 1 < end, buffer[j] == LogParser.dot, LogParser.isDigit(buffer[j + 1]) {
            j += 1
            while j < end, LogParser.isDigit(buffer[j]) { j += 1 }
        }
        guard j < end, LogParser.isLetter(buffer[j]) else { return nil }
        return j
    }

    private func firstInvalidUTF8(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        UTF8Validation.firstInvalidByte(Array(buffer[start..<end])).map { $0 + start }
    }
}

/// Positions within one log line, with column counting that stays linear on
/// long lines (columns are asked for left to right).
struct LineCursor {
    let buffer: UnsafeBufferPointer<UInt8>
    let start: Int
    let end: Int
    let path: String
    let line: Int
    var isASCII = true
    private var lastOffset: Int
    private var lastColumn = 1

    init(buffer: UnsafeBufferPointer<UInt8>, start: Int, end: Int, path: String, line: Int) {
        self.buffer = buffer
        self.start = start
        self.end = end
        self.path = path
        self.line = line
        self.lastOffset = start
    }

    /// 1-based column in Unicode scalars of a byte offset in this line.
    mutating func column(_ offset: Int) -> Int {
        if isASCII { return offset - start + 1 }
        if offset < lastOffset {
            lastOffset = start
            lastColumn = 1
        }
        var k = lastOffset
        var column = lastColumn
        while k < offset {
            if buffer[k] & 0xC0 != 0x80 { column += 1 }
            k += 1
        }
        lastOffset = offset
        lastColumn = column
        return column
    }

    mutating func location(_ offset: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column(offset))
    }

    /// The text of a byte range for a message, shortened past `limit` scalars.
    func text(_ from: Int, _ to: Int, limit: Int) -> String {
        let s = String(decoding: UnsafeBufferPointer(rebasing: buffer[from..<to]), as: UTF8.self)
        return s.unicodeScalars.count > limit ? String(String.UnicodeScalarView(s.unicodeScalars.prefix(limit))) + "…" : s
    }
}
