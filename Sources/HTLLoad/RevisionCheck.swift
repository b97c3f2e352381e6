import HTLCheck
import HTLCore
import HTLFormat
import HTLModel
import HTLParse
import HTLProgress
import HTLSystem

/// What `htl check --staged` and `htl check --since REV` read: the ledger
/// files to check, and the append-only findings against the base commit.
public struct RevisionCheck: Sendable {
    public var files: [SourceFile]
    public var appendOnlyFindings: [Diagnostic]
    /// `bad-entry` findings about what the revision holds (links, temporary files).
    public var entryFindings: [Diagnostic]

    public init(files: [SourceFile], appendOnlyFindings: [Diagnostic], entryFindings: [Diagnostic] = []) {
        self.files = files
        self.appendOnlyFindings = appendOnlyFindings
        self.entryFindings = entryFindings
    }

    /// The staged ledger (`git ls-files`), compared with `since` (default HEAD;
    /// nothing to compare before the first commit).
    public static func staged(ledgerRoot: String, since: String?) throws -> RevisionCheck {
        let repo = try GitRepository(ledgerRoot: ledgerRoot)
        let (index, entryFindings) = try repo.listing(at: .index)
        guard index.contains(where: { $0.path == LedgerLayout.settingsFile }) else {
            throw HTLError("no htl.yaml is staged in \(repo.prefix.isEmpty ? "the repository's top folder" : repo.prefix): stage the ledger (git add) first")
        }
        let base = try since.map { try repo.resolve($0) } ?? repo.head()
        let baseLogs = try base.map { try repo.entries(at: .commit($0)).filter { LedgerLayout.kind(of: $0.path) == .log } } ?? []
        let indexObjects = Dictionary(index.map { ($0.path, $0.object) }, uniquingKeysWith: { a, _ in a })
        // Base contents are needed only for log files that are staged with other content.
        let changed = baseLogs.filter { entry in indexObjects[entry.path].map { $0 != entry.object } ?? false }
        let blobs = try repo.contents(of: index.map(\.object) + changed.map(\.object))
        let files = index.compactMap { entry in blobs[entry.object].map { SourceFile(path: entry.path, bytes: $0) } }
        let findings = AppendOnlyCheck.findings(
            base: Dictionary(baseLogs.map { ($0.path, blobs[$0.object] ?? []) }, uniquingKeysWith: { a, _ in a }),
            current: Dictionary(files.filter { LedgerLayout.kind(of: $0.path) == .log }.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a }),
            baseObjects: Dictionary(baseLogs.map { ($0.path, $0.object) }, uniquingKeysWith: { a, _ in a }),
            currentObjects: indexObjects.filter { LedgerLayout.kind(of: $0.key) == .log })
        return RevisionCheck(files: files, appendOnlyFindings: findings, entryFindings: entryFindings)
    }

    /// The working tree's files (already read), compared with `since`.
    public static func workingTree(_ files: [SourceFile], ledgerRoot: String, since: String) throws -> RevisionCheck {
        let repo = try GitRepository(ledgerRoot: ledgerRoot)
        let base = try repo.resolve(since)
        let baseLogs = try repo.entries(at: .commit(base)).filter { LedgerLayout.kind(of: $0.path) == .log }
        let blobs = try repo.contents(of: baseLogs.map(\.object))
        let findings = AppendOnlyCheck.findings(
            base: Dictionary(baseLogs.map { ($0.path, blobs[$0.object] ?? []) }, uniquingKeysWith: { a, _ in a }),
            current: Dictionary(files.filter { LedgerLayout.kind(of: $0.path) == .log }.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a }))
        return RevisionCheck(files: files, appendOnlyFindings: findings)
    }
}
