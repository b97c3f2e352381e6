import HTLCore
import HTLModel

/// The action log parser (FORMAT.md §6): one pass over the bytes of a log
/// file, no regular expressions, no date formatters. A line with a problem
/// is reported and does not count.
struct LogParser {
    let measures: MeasureCatalog
    /// False while measures.yaml is unreadable: a quantity's unit is then
    /// not reported as unknown (the line still does not count).
    let judgesUnits: Bool
    /// Did-you-mean answers per unknown unit, computed once each.
    private let suggestions = SuggestionCache()

    init(measures: MeasureCatalog, judgesUnits: Bool = true) {
        self.measures = measures
        self.judgesUnits = judgesUnits
    }

    /// Every line of `file`: its actions, findings, and the links of lines
    /// rejected for other errors.
    func parse(_ file: SourceFile) -> LogParse {
        var result = LogParse()
        var repeats = RepeatedLines()
        file.bytes.withUnsafeBufferPointer { buffer in
            var position = LineIndex.hasByteOrderMark(file.bytes) ? 3 : 0
            var line = 0
            let count = buffer.count
            while position < count {
                line += 1
                var end = position
                while end < count, buffer[end] != Bytes.newline { end += 1 }
                var contentEnd = end
                if contentEnd > position, buffer[contentEnd - 1] == Bytes.carriageReturn { contentEnd -= 1 }
                var scanner = LineScanner(cursor: LineCursor(buffer: buffer, start: position, end: contentEnd, path: file.path, line: line),
                                          measures: measures, suggestions: suggestions, judgesUnits: judgesUnits)
                let action = scanner.parse()
                scanner.findings.flush(into: &result.findings)
                if let action {
                    if let earlier = repeats.earlier(buffer, position..<contentEnd, line: line) {
                        result.findings.append(Finding(.duplicateAction, SourceLocation(path: file.path, line: line, column: 1),
                                                       "this action repeats line \(earlier) (logged twice?)",
                                                       help: "if it is a repeat, delete it before you commit, or log a correction"))
                    }
                    result.actions.append(action)
                } else {
                    for link in scanner.links {
                        result.rejectedLinks.append(ParseContext.RejectedLink(
                            location: SourceLocation(path: file.path, line: line, column: link.column), goal: link.goal))
                    }
                }
                position = end + 1
            }
        }
        return result
    }
}

/// What one log file holds.
struct LogParse: Sendable {
    var actions: [Action] = []
    var findings: [Finding] = []
    var rejectedLinks: [ParseContext.RejectedLink] = []
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
