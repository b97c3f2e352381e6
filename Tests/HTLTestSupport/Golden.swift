import Foundation
import Testing

/// Golden files: expected output kept in the repository and reviewed in diffs.
/// Set `HTL_RECORD=1` to write the actual output instead of comparing.
public enum Golden {
    public static var recording: Bool { ProcessInfo.processInfo.environment["HTL_RECORD"] == "1" }

    /// Compares `actual` with the file at `path` (relative to the package root).
    public static func check(_ actual: String, against path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = Paths.root.appendingPathComponent(path)
        if recording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(path); run with HTL_RECORD=1 to create it", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record("output differs from \(path) (HTL_RECORD=1 re-records):\n\(firstDifference(expected, actual))",
                         sourceLocation: sourceLocation)
        }
    }

    /// The first differing line, with a little context.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(e.count, a.count) {
            let el = i < e.count ? String(e[i]) : "<end>"
            let al = i < a.count ? String(a[i]) : "<end>"
            if el != al {
                return "line \(i + 1):\n  expected: \(el)\n  actual:   \(al)"
            }
        }
        return "(only trailing differences)"
    }
}

public enum Paths {
    /// The package root, found from this file's location.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func fixture(_ relative: String) -> String {
        root.appendingPathComponent("Fixtures").appendingPathComponent(relative).path
    }
}
