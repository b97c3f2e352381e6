import Foundation
import HTLKit
import Testing

/// Golden files: expected output kept in the repository and reviewed in diffs.
/// `HTL_RECORD=1` writes the actual output instead of comparing, and fails
/// the test, so a recording run can never pass unnoticed. A mismatch shows
/// the whole unified diff.
public enum Golden {
    public static var recording: Bool { ProcessInfo.processInfo.environment["HTL_RECORD"] == "1" }

    /// Compares `actual` with the file at `path` (relative to the package root).
    public static func check(
        _ actual: String, against path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let url = Paths.root.appendingPathComponent(path)
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if recording {
            guard expected != actual else { return }
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record(
                "recorded \(path) (HTL_RECORD=1); review the change and run again without HTL_RECORD",
                sourceLocation: sourceLocation)
            return
        }
        guard let expected else {
            Issue.record(
                "missing golden file \(path); run with HTL_RECORD=1 to create it", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let diff = UnifiedDiff.render(old: Array(expected.utf8), new: Array(actual.utf8), path: path)
            Issue.record(
                "output differs from \(path) (- expected, + actual; HTL_RECORD=1 re-records):\n\(diff)",
                sourceLocation: sourceLocation)
        }
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
