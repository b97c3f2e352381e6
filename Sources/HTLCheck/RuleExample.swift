import HTLCore
import HTLModel

/// An example of a rule: files that replace or join those of a small clean
/// ledger (`RuleExample.base`). In a failing example one `‸` marks where the
/// finding is; `\xNN` stands for a raw byte (for `encoding`). Folders are
/// created on disk (for `bad-entry`), and `committed` gives files as they
/// were committed (for `log-rewrite`).
public struct RuleExample: Sendable {
    package static let marker: Character = "‸"

    public var files: [(path: String, text: String)]
    public var folders: [String]
    public var committed: [(path: String, text: String)]

    public init(_ files: [(path: String, text: String)], folders: [String] = [], committed: [(path: String, text: String)] = []) {
        self.files = files
        self.folders = folders
        self.committed = committed
    }

    public static func file(_ path: String, _ text: String) -> RuleExample {
        RuleExample([(path, text)])
    }

    /// The day every example is read on.
    public static let today = CivilDate(year: 2026, month: 11, day: 22)!

    /// The clean ledger every example changes: no findings on `today`.
    public static let base: [(path: String, text: String)] = [
        ("htl.yaml", "htl: 1\ntitle: Example ledger\n"),
        ("measures.yaml", "km:\n  type: distance\n  aliases: [kilometre]\nmin:\n  type: time\nhours:\n  type: time\n  equals: 60 min\n"),
        ("values/health.md", "---\ntitle: Health\nlevel: major\nguidance: Move every day.\n---\n"),
        ("terms/term-7.md", "---\nnumber: 7\nstart: 2026-11-02\n---\n"),
        ("goals/run-100km.md", RuleExample.goal()),
        ("log/2026.log", "2026-11-20 Run 5km +run-100km\n"),
    ]

    /// The example goal with some keys' lines replaced (an empty text removes
    /// the key) and others added, all in fmt's key order; then its body.
    public static func goal(_ changes: [String: String] = [:], adding: [String] = [], body: String = "## Action plan\n- Three runs a week.\n") -> String {
        var lines: [String: String] = [
            "title": "title: Run 100 km", "start": "start: 2026-11-02", "target": "target: 2027-01-10", "term": "term: 7",
            "targets": "targets:\n  km: 100", "values": "values:\n  health: 9", "tags": "tags: [running]",
        ]
        for (key, line) in changes { lines[key] = line.isEmpty ? nil : line }
        for line in adding {
            lines[String(line.prefix { $0 != ":" })] = line
        }
        let front = Schema.goal.compactMap { lines[$0] }
        return "---\n" + front.joined(separator: "\n") + "\n---\n" + body
    }

    /// The example's files with `base`: bytes (markers removed, `\xNN` as
    /// raw bytes) by path, in path order.
    package func ledgerFiles() -> [(path: String, bytes: [UInt8])] {
        var merged: [String: String] = [:]
        for (path, text) in RuleExample.base { merged[path] = text }
        for (path, text) in files { merged[RuleExample.shown(path)] = text }
        return merged.keys.sorted(by: ByteOrder.precedes).map { ($0, RuleExample.bytes(merged[$0]!)) }
    }

    /// Where the `‸` marker is: the finding's expected location, if any (a
    /// marker before a folder's or a file's name marks the whole entry).
    package var markedLocation: SourceLocation? {
        for name in folders + files.map(\.path) where name.contains(RuleExample.marker) {
            return .start(of: RuleExample.shown(name))
        }
        for (path, text) in files {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() {
                guard let at = line.firstIndex(of: RuleExample.marker) else { continue }
                let before = String(line[..<at]).replacingAll("\\x", "\u{1}")
                let column = before.unicodeScalars.count - before.unicodeScalars.filter { $0 == "\u{1}" }.count * 2 + 1
                return SourceLocation(path: path, line: i + 1, column: column)
            }
        }
        return nil
    }

    /// Text as shown by `htl explain`: the marker removed, raw bytes as `\xNN`.
    public static func shown(_ text: String) -> String {
        text.replacingAll(String(marker), "")
    }

    /// The bytes of example text: the marker removed, `\xNN` as one raw byte.
    static func bytes(_ text: String) -> [UInt8] {
        let utf8 = Array(shown(text).utf8)
        var out: [UInt8] = []
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "\\"), i + 3 < utf8.count, utf8[i + 1] == UInt8(ascii: "x"),
               let byte = UInt8(String(decoding: utf8[(i + 2)...(i + 3)], as: UTF8.self), radix: 16) {
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
