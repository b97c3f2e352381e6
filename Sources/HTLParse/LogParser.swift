import HTLCore
import HTLModel

/// The action log parser (FORMAT.md §6): one pass over the bytes of a log
/// file, no regular expressions, no date formatters. A line with a problem
/// is reported and does not count.
///
/// A long log is read in pieces (runs of whole lines) on every core; the
/// pieces are then put together in line order, and lines logged twice are
/// found across the whole file, so the result is the same as one pass.
struct LogParser {
    let measures: MeasureCatalog
    /// False while measures.yaml is unreadable: a quantity's unit is then
    /// not reported as unknown (the line still does not count).
    let judgesUnits: Bool
    /// False: lines logged twice are not looked for (no `duplicate-action`).
    let findsRepeats: Bool
    /// False: whether the log is already in `htl fmt`'s form is not asked
    /// (`LogParse.isCanonical` stays nil). With neither repeats nor the
    /// form asked for (a report), a line's bytes are only looked at for
    /// whether they are printable ASCII: its hash and plainness are a
    /// tenth of reading it.
    let judgesFormat: Bool
    private let units: UnitLookup
    /// Whether each line's hash and plainness are wanted (`LineSurvey`).
    private var surveysLines: Bool { findsRepeats || judgesFormat }

    /// Bytes per piece at least: below this, one core reads the file. A log
    /// of a few thousand lines (100 KB) is already read on both cores.
    static let pieceSize = 1 << 15

    init(measures: MeasureCatalog, judgesUnits: Bool = true, findsRepeats: Bool = true, judgesFormat: Bool = true) {
        self.measures = measures
        self.judgesUnits = judgesUnits
        self.findsRepeats = findsRepeats
        self.judgesFormat = judgesFormat
        units = UnitLookup(measures)
    }

    /// Every line of `file`: its actions, findings, and the links of lines
    /// rejected for other errors.
    func parse(_ file: SourceFile, pieceSize: Int = LogParser.pieceSize) -> LogParse {
        let start = LineIndex.hasByteOrderMark(file.bytes) ? 3 : 0
        return parse(file, from: start, kept: LogReuse(), pieceSize: pieceSize)
    }

    /// The same, reusing the parse of an earlier version of the file for
    /// the lines before the first byte that changed: typing at the end of a
    /// long log (the language server) reads only the end again.
    func parse(_ file: SourceFile, after previous: (bytes: [UInt8], parse: LogParse)) -> LogParse {
        let reuse = LogReuse(previous.parse, unchangedBytes: LogReuse.unchangedLines(previous.bytes, file.bytes))
        guard reuse.start > 0 else { return parse(file) }
        return parse(file, from: reuse.start, kept: reuse, pieceSize: LogParser.pieceSize)
    }

    /// Reads the lines from byte `start` on (line `kept.firstLine`), after
    /// the actions and findings `kept` holds for the lines before.
    private func parse(_ file: SourceFile, from start: Int, kept: LogReuse, pieceSize: Int) -> LogParse {
        let bytes = file.bytes
        let pieces = LogParser.pieces(bytes, from: start, firstLine: kept.firstLine, pieceSize: pieceSize)
        // Kept actions point into this version of the file from now on: an
        // earlier version's bytes are not held on to, edit after edit.
        let keptStore = ActionText.Store(file: bytes, path: file.path)
        // A store of the file's bytes per piece: each core counts references to its own.
        let stores = pieces.map { _ in ActionText.Store(file: bytes, path: file.path) }
        // Every piece writes its actions into its own region of the one array, which is then closed up.
        let (actions, read) = Parallel.fill(
            after: kept.actions.map { $0.rebased(onto: keptStore) }, rooms: pieces.map(\.room)
        ) { k, region in
            parsePiece(bytes, pieces[k], path: file.path, store: stores[k], into: &region)
        }
        var parts = read
        let repeats =
            findsRepeats
            ? RepeatSearch.repeats(parts.map(\.actionLines), seeds: kept.actionLines(bytes.span), bytes)
            : parts.map { _ in [] }
        var result = LogParse(actions: actions, findings: kept.findings, rejectedLinks: kept.rejectedLinks)
        if judgesFormat, kept.actions.isEmpty, kept.findings.isEmpty, kept.firstLine == 1,
            parts.allSatisfy(\.linesAreText)
        {
            result.isCanonical = CanonicalLogLine.endsCanonically(bytes) && parts.allSatisfy(\.linesAreCanonical)
        }
        LogParser.merge(&parts, into: &result, repeats: repeats, path: file.path)
        return result
    }

    /// A run of whole lines of a log.
    struct Stretch: Sendable {
        var bytes: Range<Int>
        var firstLine: Int
        /// Its lines (a last line without a line ending counts).
        var lines: Int
        /// Its lines that start with `#`, a line break or a carriage return:
        /// no action, no room (`ByteCount.lineBreaks`).
        var noActionLines = 0

        /// The most actions it can hold: one per line that may be one, and
        /// no more than its bytes allow. Room left over is closed up once
        /// every piece is read, by moving every later action: a comment
        /// line at the top of a log reserved nothing, or the whole log moved.
        var room: Int { min(lines - noActionLines, bytes.count / LogParser.shortestActionLine + 1) }
    }

    /// An action line is at least a date, a blank and one more byte.
    static let shortestActionLine = "YYYY-MM-DD x".utf8.count

    /// How many pieces `bytes` are read in: `pieceSize` bytes or more each,
    /// up to 32; a longer log in pieces of `longPieceSize` or more, up to
    /// `mostPieces`. The cores take the next piece as they finish one, so
    /// the last one ends at most a piece after the others: with eight, a
    /// core waited for the other for an eighth of a long log, and with 32
    /// pieces of a log of a million lines, some 15 ms.
    static func pieceCount(_ bytes: Int, pieceSize: Int) -> Int {
        let count = min(32, max(1, bytes / max(pieceSize, 1)))
        // A larger `pieceSize` asked for (`.max`: one piece) is kept.
        return min(mostPieces, max(count, bytes / max(longPieceSize, pieceSize)))
    }

    static let mostPieces = 128
    static let longPieceSize = 1 << 18

    /// Runs of whole lines, as many as `pieceCount` says.
    /// The line breaks of the pieces are counted on every core (one pass
    /// over the whole log, before any line can be numbered).
    static func pieces(_ buffer: [UInt8], from start: Int, firstLine: Int = 1, pieceSize: Int = pieceSize) -> [Stretch]
    {
        let count = pieceCount(buffer.count - start, pieceSize: pieceSize)
        var cuts: [Range<Int>] = []
        var position = start
        for k in 1...count {
            var end = k == count ? buffer.count : max(position, start + (buffer.count - start) * k / count)
            while end < buffer.count, end > position, buffer[end - 1] != Bytes.newline { end += 1 }
            guard end > position else { continue }
            cuts.append(position..<end)
            position = end
        }
        let ranges = cuts
        let counts = Parallel.map(ranges.count) { ByteCount.lineBreaks(in: buffer.span.extracting(ranges[$0])) }
        var pieces: [Stretch] = []
        var line = firstLine
        for (range, count) in zip(ranges, counts) {
            let noAction = count.beforeNoAction + (ByteCount.startsNoAction(buffer[range.lowerBound]) ? 1 : 0)
            pieces.append(
                Stretch(
                    bytes: range, firstLine: line,
                    lines: buffer[range.upperBound - 1] == Bytes.newline ? count.breaks : count.breaks + 1,
                    noActionLines: noAction))
            line += count.breaks
        }
        return pieces
    }

    /// What one piece found (its actions are in the file's slots), and
    /// where its action lines are (to find repeats), one per action.
    struct Piece: Sendable {
        var findings: [Finding] = []
        var rejectedLinks: [ParseContext.RejectedLink] = []
        var actionLines: [RepeatSearch.ActionLine] = []
        /// Every line already in the form `htl fmt` writes.
        var linesAreCanonical = true
        /// Every line printable text and valid UTF-8 (else the verdict is left to the formatter).
        var linesAreText = true
    }

    private func parsePiece(
        _ buffer: [UInt8], _ piece: Stretch, path: String, store: ActionText.Store,
        into region: inout Parallel.Region<Action>
    ) -> Piece {
        var result = Piece()
        result.actionLines.reserveCapacity(piece.room)
        // Its own did-you-mean answers: which words get one never depends on timing.
        var scanner = LineScanner(
            cursor: LineCursor(start: 0, end: 0, line: 0), buffer: buffer, path: path, file: store,
            measures: measures, units: units, suggestions: SuggestionCache(), judgesUnits: judgesUnits)
        var position = piece.bytes.lowerBound
        var line = piece.firstLine - 1
        let end = piece.bytes.upperBound
        while position < end {
            line += 1
            let lineEnd = RawBytes.lineBreak(in: buffer.span, from: position, end: end)
            var contentEnd = lineEnd
            if contentEnd > position, buffer[contentEnd - 1] == Bytes.carriageReturn { contentEnd -= 1 }
            // A blank line says nothing: no need to start the scanner on it.
            var first = position
            while first < contentEnd, Bytes.isBlank(buffer[first]) { first += 1 }
            if first == contentEnd {
                // Blanks or a carriage return make a line fmt rewrites; an empty one it keeps.
                if lineEnd != position { result.linesAreCanonical = false }
                position = lineEnd + 1
                continue
            }
            // Characters, plainness and hash in one pass (the scanner trusts a printable ASCII line).
            let survey = surveysLines ? LineSurvey(buffer.span, position..<contentEnd) : nil
            scanner.begin(
                LineCursor(start: position, end: contentEnd, line: line),
                printableASCII: survey?.isPrintableASCII
                    ?? ByteWords.isPrintableASCII(buffer.span, position..<contentEnd),
                spaces: survey?.spaces)
            // A line counted as no action's room never is one (`ByteCount.startsNoAction`);
            // the region traps a write past its room.
            let counts = scanner.parse(into: &region)
            if !scanner.charactersAreText { result.linesAreText = false }
            // Whether the line is its own canonical form: for fmt's verdict and the hash.
            if let survey, result.linesAreCanonical,
                contentEnd != lineEnd
                    || !(survey.isPlain || CanonicalLogLine.isCanonical(buffer.span, position..<lineEnd))
            {
                result.linesAreCanonical = false
            }
            if counts {
                scanner.findings.flush(into: &result.findings)
                let hash =
                    survey.map {
                        $0.isPlain ? $0.hash : CanonicalLogLine.hash(buffer.span, position..<contentEnd, plain: false)
                    } ?? 0
                result.actionLines.append(RepeatSearch.ActionLine(line: line, start: position, hash: hash))
            } else {
                scanner.findings.flush(into: &result.findings)
                for link in scanner.links {
                    result.rejectedLinks.append(
                        ParseContext.RejectedLink(
                            location: SourceLocation(path: path, line: line, column: link.column), goal: link.goal))
                }
            }
            position = lineEnd + 1
        }
        return result
    }

    /// The pieces in order, with `duplicate-action` after the other
    /// findings of its line (`repeats`: each piece's repeated lines, from
    /// `RepeatSearch`). Each piece is emptied once merged.
    static func merge(
        _ parts: inout [Piece], into result: inout LogParse, repeats: [[(position: Int, earlier: Int)]], path: String
    ) {
        for k in parts.indices {
            let part = parts[k]
            parts[k] = Piece()
            var next = 0
            for repeated in repeats[k] {
                let line = part.actionLines[repeated.position].line
                while next < part.findings.count, part.findings[next].location.line <= line {
                    result.findings.append(part.findings[next])
                    next += 1
                }
                result.findings.append(
                    Finding(
                        .duplicateAction, SourceLocation(path: path, line: line, column: 1),
                        "this action repeats line \(repeated.earlier) (logged twice?)",
                        help: "if it is a repeat, delete it before you commit, or log a correction"))
            }
            result.findings += part.findings[next...]
            result.rejectedLinks += part.rejectedLinks
        }
    }
}

/// What one log file holds.
struct LogParse: Sendable {
    var actions: [Action] = []
    var findings: [Finding] = []
    var rejectedLinks: [ParseContext.RejectedLink] = []
    /// Whether the file is already in the form `htl fmt` writes and valid
    /// UTF-8, decided while its lines were read (`LogFormatter.isCanonical`
    /// would say the same); nil when the parse did not read every line as
    /// text (a control character, a bad byte, lines kept from an earlier parse).
    var isCanonical: Bool?
}

/// Byte constants of the log grammar.
enum Bytes {
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let hash = UInt8(ascii: "#")
    static let plus = UInt8(ascii: "+")
    static let minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let comma = UInt8(ascii: ",")
    static let underscore = UInt8(ascii: "_")
    static let colon = UInt8(ascii: ":")
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")

    @inline(__always) static func isBlank(_ b: UInt8) -> Bool { b == space || b == tab }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
}
