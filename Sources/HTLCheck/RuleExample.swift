import HTLCore
import HTLModel

/// An example of a rule: files that replace or join those of a small clean
/// ledger (`RuleExample.base`), and the findings `htl check` reports on it.
///
/// A failing example holds several cases, each marked where its finding is
/// reported by a circled number, ① to ⑳, written just before the character
/// the finding's column points at (`5①kms`: the unit of `5kms`), or before
/// the name of a file, folder or link for a finding about the whole entry
/// (`goals/①Run Far.md`). Each mark is paired with the exact message
/// expected there (`finds:`), numbered from ① in the order listed. Circled
/// numbers stand out in ledger text, where a plain digit would not, and no
/// example's ledger text uses one. The tests run the example through the
/// checker and expect exactly these findings, no more and no fewer: rule,
/// position, severity (the rule's default) and message. A passing example
/// has no marks and must produce nothing.
///
/// Marks are removed before the ledger is read; `\xNN` stands for a raw
/// byte (for `encoding`). A file's text gets a final line break when it has
/// none (a multi-line string literal leaves it out). Folders and symbolic
/// links are made on disk (for `bad-entry`), and `committed` gives files as
/// they were committed (for `log-rewrite`).
public struct RuleExample: Sendable {
    /// What `htl check` must report at one mark: a message of the example's
    /// own rule, or of another rule the same text also breaks (`also`).
    public struct Expectation: Sendable, ExpressibleByStringLiteral {
        /// nil: the rule the example belongs to.
        public let rule: RuleID?
        public let message: String

        public init(stringLiteral message: String) {
            rule = nil
            self.message = message
        }

        private init(rule: RuleID, message: String) {
            self.rule = rule
            self.message = message
        }

        /// A finding of another rule at the mark: a line rejected for
        /// another reason, or a file that also breaks another rule.
        public static func also(_ rule: RuleID, _ message: String) -> Expectation {
            Expectation(rule: rule, message: message)
        }
    }

    /// A mark found in the example's text or names, with where htl reports it.
    package struct Mark: Sendable {
        package let symbol: Character
        package let location: SourceLocation
    }

    /// A mark within one line of text: the column htl reports (Unicode
    /// scalars, `\xNN` as one), and where it is in the line as shown
    /// (characters, marks left out), for a caret under it.
    package struct LineMark: Sendable {
        package let symbol: Character
        package let column: Int
        package let shownOffset: Int
    }

    public var files: [(path: String, text: String)]
    public var folders: [String]
    /// Symbolic links: where each is, and what it points at.
    public var links: [(path: String, target: String)]
    public var committed: [(path: String, text: String)]
    /// The findings expected, by mark, in the order listed.
    public var findings: [(mark: Character, expected: Expectation)]

    public init(
        _ files: [(path: String, text: String)], folders: [String] = [],
        links: [(path: String, target: String)] = [], committed: [(path: String, text: String)] = [],
        finds: KeyValuePairs<Character, Expectation> = [:]
    ) {
        self.files = files.map { ($0.path, RuleExample.endingLine($0.text)) }
        self.folders = folders
        self.links = links
        self.committed = committed.map { ($0.path, RuleExample.endingLine($0.text)) }
        findings = finds.map { ($0.key, $0.value) }
    }

    public static func file(
        _ path: String, _ text: String,
        finds: KeyValuePairs<Character, Expectation> = [:]
    ) -> RuleExample {
        RuleExample([(path, text)], finds: finds)
    }

    /// The day every example is read on.
    public static let today = CivilDate(year: 2026, month: 11, day: 22)!

    /// The clean ledger every example changes: no findings on `today`.
    public static let base: [(path: String, text: String)] = [
        ("htl.yaml", "htl: 1\ntitle: Example ledger\n"),
        (
            "measures.yaml",
            "km:\n  type: distance\n  aliases: [kilometre]\nmin:\n  type: time\nhours:\n  type: time\n  equals: 60 "
                + "min\n"
        ),
        ("values/health.md", "---\ntitle: Health\nlevel: major\nguidance: Move every day.\n---\n"),
        ("terms/term-7.md", "---\nnumber: 7\nstart: 2026-11-02\n---\n"),
        ("goals/run-100km.md", RuleExample.goal()),
        ("log/2026.log", "2026-11-20 Run 5km +run-100km\n"),
    ]

    /// The example goal with some keys' lines replaced (an empty text removes
    /// the key) and others added, all in fmt's key order; then its body.
    public static func goal(
        _ changes: [String: String] = [:], adding: [String] = [],
        body: String = "## Action plan\n- Three runs a week.\n"
    ) -> String {
        var lines: [String: String] = [
            "title": "title: Run 100 km", "start": "start: 2026-11-02", "target": "target: 2027-01-10",
            "term": "term: 7",
            "targets": "targets:\n  km: 100", "values": "values:\n  health: 9", "tags": "tags: [running]",
        ]
        for (key, line) in changes { lines[key] = line.isEmpty ? nil : line }
        for line in adding {
            lines[String(line.prefix { $0 != ":" })] = line
        }
        let front = Schema.goal.compactMap { lines[$0] }
        return "---\n" + front.joined(separator: "\n") + "\n---\n" + body
    }

    /// The example's files with `base`: bytes (marks removed, `\xNN` as
    /// raw bytes) by path, in path order.
    package func ledgerFiles() -> [(path: String, bytes: [UInt8])] {
        var merged: [String: String] = [:]
        for (path, text) in RuleExample.base { merged[path] = text }
        for (path, text) in files { merged[RuleExample.shown(path)] = text }
        return merged.keys.sorted(by: ByteOrder.precedes).map { ($0, RuleExample.bytes(merged[$0]!)) }
    }

    /// The committed files as bytes by path (marks removed), in the order written.
    package func committedFiles() -> [(path: String, bytes: [UInt8])] {
        committed.map { (RuleExample.shown($0.path), RuleExample.bytes($0.text)) }
    }

    /// Every mark written in the example, where htl reports it: first those
    /// before entries' names (a whole entry, at its first line and column),
    /// then those in the files' texts, file by file, line by line.
    package var writtenMarks: [Mark] {
        let names = committed.map(\.path) + folders + links.map(\.path) + files.map(\.path)
        var found = names.flatMap { name in
            name.filter(RuleExample.isMark).map { Mark(symbol: $0, location: .start(of: RuleExample.shown(name))) }
        }
        for (path, text) in files {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() {
                found += RuleExample.marks(inLine: line).map {
                    Mark(
                        symbol: $0.symbol,
                        location: SourceLocation(path: RuleExample.shown(path), line: i + 1, column: $0.column))
                }
            }
        }
        return found
    }

    /// The marks of one line of example text, in order.
    package static func marks(inLine line: Substring) -> [LineMark] {
        var found: [LineMark] = []
        var column = 1
        var shownOffset = 0
        var rest = line[...]
        while let c = rest.first {
            if isMark(c) {
                found.append(LineMark(symbol: c, column: column, shownOffset: shownOffset))
                rest = rest.dropFirst()
            } else if isRawByte(rest) {
                // A raw byte: one column in the file, four characters shown.
                column += 1
                shownOffset += 4
                rest = rest.dropFirst(4)
            } else {
                column += c.unicodeScalars.count
                shownOffset += 1
                rest = rest.dropFirst()
            }
        }
        return found
    }

    /// Whether text starts with `\xNN`, a raw byte.
    private static func isRawByte(_ text: Substring) -> Bool {
        let digits = text.dropFirst(2).prefix(2)
        return text.hasPrefix("\\x") && digits.count == 2 && digits.allSatisfy(\.isHexDigit)
    }

    /// Whether a character is a mark: a circled number ① to ⑳.
    package static func isMark(_ c: Character) -> Bool {
        c.unicodeScalars.count == 1 && (0x2460...0x2473).contains(c.unicodeScalars.first!.value)
    }

    /// The mark for case `n` (1 to 20): ①, ②, …
    package static func mark(_ n: Int) -> Character {
        Character(Unicode.Scalar(0x2460 + UInt32(n - 1))!)
    }

    /// Text as shown by `htl explain`: the marks removed, raw bytes as `\xNN`.
    public static func shown(_ text: String) -> String {
        text.contains(where: isMark) ? String(text.filter { !isMark($0) }) : text
    }

    /// The text with a final line break.
    private static func endingLine(_ text: String) -> String {
        text.hasSuffix("\n") ? text : text + "\n"
    }

    /// The bytes of example text: the marks removed, `\xNN` as one raw byte.
    static func bytes(_ text: String) -> [UInt8] {
        let utf8 = Array(shown(text).utf8)
        var out: [UInt8] = []
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "\\"), i + 3 < utf8.count, utf8[i + 1] == UInt8(ascii: "x"),
                let byte = UInt8(String(decoding: utf8[(i + 2)...(i + 3)], as: UTF8.self), radix: 16)
            {
                out.append(byte)
                i += 4
            } else {
                out.append(utf8[i])
                i += 1
            }
        }
        return out
    }
}
