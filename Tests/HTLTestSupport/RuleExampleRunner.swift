import Foundation
import HTLKit

/// Runs a rule's example as `htl check` would: the example ledger on `today`,
/// read from disk when it has folders or links (bad-entry), compared with its
/// committed files when it has some (log-rewrite).
public enum RuleExampleRunner {
    public static func diagnostics(_ example: RuleExample) throws -> [Diagnostic] {
        var files = example.ledgerFiles().map { SourceFile(path: $0.path, bytes: $0.bytes) }
        var entryFindings: [Finding] = []
        if !example.folders.isEmpty || !example.links.isEmpty {
            let read = try readFromDisk(example, files)
            files = read.files
            entryFindings = read.findings
        }
        var extra: [Finding] = []
        if !example.committed.isEmpty {
            var committed: [String: [UInt8]] = [:]
            for (path, bytes) in example.committedFiles() { committed[path] = bytes }
            var current: [String: [UInt8]] = [:]
            for file in files where committed[file.path] != nil { current[file.path] = file.bytes }
            extra = RuleDescriptor.logRewrites(base: committed, current: current).findings
        }
        let parsed = LedgerParser.parse(files, entryFindings: entryFindings)
        return Checker.check(parsed, today: RuleExample.today, extra: extra, formatting: true).diagnostics
    }

    /// The example written to a temporary folder, with its folders and
    /// links, and read back as htl reads a ledger folder.
    private static func readFromDisk(_ example: RuleExample, _ files: [SourceFile]) throws -> LedgerFiles {
        let disk = try TemporaryLedger([:], prefix: "htl-rule-example")
        defer { disk.remove() }
        let fm = FileManager.default
        for folder in example.folders {
            let path = disk.root + "/" + RuleExample.shown(folder)
            try fm.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        for file in files { try disk.write(file.path, Data(file.bytes)) }
        for (path, target) in example.links {
            try fm.createSymbolicLink(atPath: disk.root + "/" + RuleExample.shown(path), withDestinationPath: target)
        }
        return try LedgerDirectory.read(LedgerRoot(disk.root))
    }
}
