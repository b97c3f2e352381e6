import HTLCore
import HTLFormat
import HTLModel

extension RuleDescriptor {
    /// A committed log line changed or removed (checked with --staged,
    /// --since, and by a plain check inside git). Not found while reading:
    /// `logRewrites` below compares the committed logs with the logs now,
    /// called by `LedgerReader.appendOnly` (Sources/HTLLoad/LedgerReader.swift)
    /// with the logs git holds.
    static let logRewrite = RuleDescriptor(
        .logRewrite, .error, canBeTurnedOff: true,
        summary: "a committed log line was changed or removed",
        failing: RuleExample(
            [
                (
                    "log/2026.log",
                    """
                    ①2026-11-20 Run 6km +run-100km
                    2026-11-21 Run 3km +run-100km
                    """
                ),
                (
                    "log/2025.log",
                    """
                    2025-12-01 Run 5km #running
                    ②2025-12-02 Run 4km #running
                    """
                ),
            ],
            committed: [
                ("log/2026.log", "2026-11-20 Run 5km +run-100km"),
                (
                    "log/2025.log",
                    """
                    2025-12-01 Run 5km #running
                    2025-12-02 Run 4km #running
                    2025-12-03 Run 6km #running
                    2025-12-04 Run 5km #running
                    """
                ),
                ("log/③2024.log", "2024-12-01 Run 5km #running"),
            ],
            finds: [
                "①": "committed log line 1 was changed; it was: 2026-11-20 Run 5km +run-100km",
                "②": "committed log lines 3-4 were removed",
                "③": "committed log file log/2024.log was removed",
            ]),
        passing: RuleExample(
            [
                (
                    "log/2026.log",
                    """
                    2026-11-20 Run 5km +run-100km
                    2026-11-21 Correction for the 20th 1km +run-100km
                    """
                )
            ],
            committed: [
                ("log/2026.log", "2026-11-20  Run 5km  +run-100km")
            ]),
        reportedBy: .git)
}

/// The append-only rule (`log-rewrite`, FORMAT.md §6): for every log file,
/// its committed lines must be a prefix of its lines now. Lines are compared
/// in the canonical form `htl fmt` writes, so formatting never triggers it.
extension RuleDescriptor {
    /// `base` and `current` map log paths to their bytes (only log files
    /// matter; others are ignored). `currentObjects` and `baseObjects`, when
    /// known, map paths to git object ids: equal ids need no comparison, and
    /// a removed file whose object appears at a new path was renamed.
    ///
    /// Also returns, for each committed log still there, how many of its
    /// first lines are committed lines, unchanged (Int.max when the objects
    /// are equal): each log is compared once for both.
    package static func logRewrites(
        base: [String: [UInt8]], current: [String: [UInt8]],
        baseObjects: [String: String] = [:], currentObjects: [String: String] = [:]
    )
        -> (findings: [Finding], committedPrefixes: [String: Int])
    {
        logRewrites(
            base: base.mapValues { [UInt8]($0)[...] }, current: current,
            baseObjects: baseObjects, currentObjects: currentObjects)
    }

    /// `logRewrites`, the committed texts as slices (of git's answer, or of
    /// the log now where it begins with them: not copied).
    package static func logRewrites(
        base: [String: ArraySlice<UInt8>], current: [String: [UInt8]],
        baseObjects: [String: String] = [:], currentObjects: [String: String] = [:]
    )
        -> (findings: [Finding], committedPrefixes: [String: Int])
    {
        var found: [Finding] = []
        var prefixes: [String: Int] = [:]
        let currentByObject = Dictionary(
            currentObjects.map { ($0.value, $0.key) }, uniquingKeysWith: { a, b in min(a, b) })
        for path in base.keys.sorted() where LedgerLayout.kind(of: path) == .log {
            let top = SourceLocation(path: path, line: 1, column: 1)
            guard let now = current[path] else {
                if let object = baseObjects[path], let newPath = currentByObject[object] {
                    found.append(
                        Finding(
                            .logRewrite, top, "committed log file \(path) was renamed to \(newPath); keep its name",
                            help:
                                "committed lines are history: move it back, or set 'log-rewrite: off' under rules: in "
                                + "htl.yaml",
                            wholeFile: true))
                } else {
                    found.append(
                        Finding(
                            .logRewrite, top, "committed log file \(path) was removed",
                            help:
                                "committed lines are history: restore it, or set 'log-rewrite: off' under rules: in "
                                + "htl.yaml",
                            wholeFile: true))
                }
                continue
            }
            if let a = baseObjects[path], let b = currentObjects[path], a == b {
                prefixes[path] = Int.max
                continue
            }
            let lines = CommittedLines(base: base[path]!, current: now)
            prefixes[path] = lines.unchanged
            if let finding = firstRewrite(path: path, lines) { found.append(finding) }
        }
        return (found, prefixes)
    }

    /// The first committed line that is no longer there as it was.
    static func firstRewrite(path: String, _ lines: CommittedLines) -> Finding? {
        guard let rewrite = lines.firstRewrite else { return nil }
        let n = lines.unchanged
        switch rewrite {
        case .changed(let was):
            let text = String(decoding: was, as: UTF8.self)
            let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
            return Finding(
                .logRewrite, SourceLocation(path: path, line: n + 1, column: 1),
                "committed log line \(n + 1) was changed; it was: \(shown.isEmpty ? "(blank)" : shown)",
                help: "log a correction instead (for example a negative quantity)")
        case .removed(let currentLines):
            let removed = lines.committed - n == 1 ? "line \(n + 1) was" : "lines \(n + 1)-\(lines.committed) were"
            return Finding(
                .logRewrite, SourceLocation(path: path, line: max(currentLines, 1), column: 1),
                "committed log \(removed) removed",
                help: "log a correction instead (for example a negative quantity)")
        }
    }
}
