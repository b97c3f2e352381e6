import HTLCore
import HTLModel
import HTLSystem

/// htl as git's merge driver for log files: `.gitattributes` at the ledger
/// root sends `log/**/*.log` to the driver `htl-log`, which the
/// repository's config names (`htl hook install`, `htl init` in a
/// repository). Git runs `htl merge-log %O %A %B %P`; the merge is
/// `LogMerge`. Goal and other files still merge as text.
public enum LogMergeDriver {
    public enum Result: Sendable, Equatable {
        /// The merged text is in the file git gave as ours.
        case merged
        /// A committed line was changed: git's own text merge (with conflict
        /// markers where the sides overlap) is left in that file, and git
        /// is told there is a conflict; the message says which line.
        case conflict(String)
    }

    /// Merges the files git names (`%O`, `%A`, `%B`), writing the result
    /// over `ours`; `shown` is the log's path in the repository (`%P`).
    public static func merge(base: String, ours: String, theirs: String, shown: String) throws -> Result {
        let limit = 1 << 30
        let outcome = LogMerge.merge(
            base: try FileSystem.read(base, atMost: limit), ours: try FileSystem.read(ours, atMost: limit),
            theirs: try FileSystem.read(theirs, atMost: limit))
        switch outcome {
        case .merged(let bytes):
            try AtomicFile.writeOutput(bytes, to: ours, ledger: .inMemory)
            return .merged
        case .rewritten(let side, let line, let was, let now):
            let text = try GitProcess.run(
                ["merge-file", "-L", "ours", "-L", "base", "-L", "theirs", ours, base, theirs],
                in: FileSystem.currentDirectory())
            guard text.status >= 0 else { throw HTLError("git merge-file failed: \(text.stderr)") }
            let change = now.map { "changed it to \(TerminalText.quoted($0))" } ?? "removed it"
            let left =
                text.status > 0
                ? "git's text merge, with its conflict markers, is in the file"
                : "git's text merge is in the file: look at it before you commit"
            return .conflict(
                "\(shown): line \(line) was committed as \(TerminalText.quoted(was)) and \(side) \(change); "
                    + "a log only grows, so htl does not merge it: \(left)")
        }
    }

    /// The line of `.gitattributes` that sends log files to the driver.
    public static let attributes = "log/**/*.log merge=htl-log"

    /// `.gitattributes` at the ledger root made to hold `attributes` (created, or the line added), under the
    /// writer lock. Returns whether it changed.
    static func writeAttributes(under lock: WriterLock) throws -> Bool {
        let path = FileSystem.join(lock.root.path, ".gitattributes")
        guard FileSystem.kind(of: path) != .missing || FileSystem.isSymbolicLink(path) else {
            let text = "# Log files only grow: htl merges what both sides appended (htl merge-log)\n\(attributes)\n"
            try AtomicFile.create(".gitattributes", under: lock, bytes: Array(text.utf8))
            return true
        }
        let existing = try FileSystem.read(path, atMost: 1 << 20)
        let text = String(decoding: existing, as: UTF8.self)
        if text.split(separator: "\n").contains(where: { String($0).trimmingSpaces == attributes }) { return false }
        let separator = existing.isEmpty || existing.last == 0x0A ? "" : "\n"
        try AtomicFile.replace(
            ".gitattributes", under: lock, original: existing,
            with: existing + Array((separator + attributes + "\n").utf8))
        return true
    }

    /// The repository's config naming the driver: `htl` on PATH at merge time, else `htlPath`.
    static func writeConfig(_ repository: GitRepository, htlPath: String) throws {
        let driver =
            "htl=htl; command -v htl >/dev/null 2>&1 || htl=\(ShellWord.quoted(htlPath)); "
            + "exec \"$htl\" merge-log %O %A %B %P"
        for (key, value) in [
            ("merge.htl-log.name", "htl: log files that only grow"), ("merge.htl-log.driver", driver),
        ] {
            let set = try GitProcess.run(["config", "--local", key, value], in: repository.top)
            guard set.status == 0 else { throw HTLError("git config \(key) failed: \(set.stderr)") }
        }
    }

    /// The driver named in the config of the repository `folder` is in
    /// (`htl init`); false when it is in none.
    public static func registerIfInRepository(_ folder: String, htlPath: String) throws -> Bool {
        guard let repository = try? GitRepository(ledgerRoot: folder) else { return false }
        try writeConfig(repository, htlPath: htlPath)
        return true
    }

    /// Registers the driver for the ledger at `root`: `.gitattributes` and
    /// the repository's config (`htl hook install`). Returns whether
    /// `.gitattributes` changed.
    public static func register(ledger root: LedgerRoot, htlPath: String, waiting: WriterLock.Waiting) throws -> Bool {
        try WriterLock.holding(root, waiting) { lock in
            let repository = try GitRepository(ledgerRoot: root.path)
            let changed = try writeAttributes(under: lock)
            try writeConfig(repository, htlPath: htlPath)
            return changed
        }
    }
}
