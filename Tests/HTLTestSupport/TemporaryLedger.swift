import Foundation
import HTLKit
import LedgerGenerator

/// A ledger written to a fresh temporary folder, removed on `remove()`.
public struct TemporaryLedger: Sendable {
    public let root: String

    public init(_ files: [String: String], prefix: String = "htl-test") throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        root = base.path
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        for (path, text) in files {
            try write(path, text)
        }
    }

    public func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    public func write(_ path: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: root).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    public func read(_ path: String) throws -> String {
        try String(contentsOfFile: URL(fileURLWithPath: root).appendingPathComponent(path).path, encoding: .utf8)
    }

    public func readBytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent(path)))
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The files of this ledger as htl reads them.
    public func sourceFiles() throws -> [SourceFile] {
        try LedgerDirectory.readFiles(root: root)
    }
}

/// A clean minimal ledger (no errors, no warnings on 2026-11-22) to vary in tests.
public enum SampleLedger {
    public static let today = CivilDate(year: 2026, month: 11, day: 22)!

    public static let files: [String: String] = [
        "htl.yaml": "htl: 1\n",
        "measures.yaml": SyntheticLedger.basicMeasures,
        "values/health.md": "---\ntitle: Health\n---\nFeel strong.\n",
        "terms/term-1.md": "---\nnumber: 1\nstart: 2026-11-02\n---\n",
        "goals/run.md": """
        ---
        title: Run 100 km
        start: 2026-11-02
        target: 2027-01-10
        term: 1
        targets:
          km: 100
        values:
          health: 8
        tags: [running]
        ---
        ## Action plan
        - Run.

        """,
        "log/2026.log": "2026-11-03 Run 5km +run\n",
    ]

    /// The sample with some files replaced (nil removes a file).
    public static func with(_ changes: [String: String?]) -> [String: String] {
        var result = files
        for (path, text) in changes { result[path] = text }
        return result
    }

    /// Parses an in-memory ledger from path → text.
    public static func load(_ files: [String: String]) -> ParsedLedger {
        LedgerParser.parse(files.map { SourceFile(path: $0.key, text: $0.value) })
    }

    public static func check(_ files: [String: String], today: CivilDate = SampleLedger.today) -> CheckReport {
        Checker.check(load(files), today: today, formatting: true)
    }
}
