import Foundation
import HTLKit

/// Runs a rule's example as `htl check` would: the example ledger on `today`,
/// read from disk when it has folders (bad-entry), compared with its
/// committed files when it has some (log-rewrite).
public enum RuleExampleRunner {
    public static func diagnostics(_ example: RuleExample) throws -> [Diagnostic] {
        var files = example.ledgerFiles().map { SourceFile(path: $0.path, bytes: $0.bytes) }
        var entryFindings: [Finding] = []
        if !example.folders.isEmpty {
            let disk = try TemporaryLedger([:], prefix: "htl-rule-example")
            defer { disk.remove() }
            for folder in example.folders {
                try FileManager.default.createDirectory(atPath: disk.root + "/" + RuleExample.shown(folder), withIntermediateDirectories: true)
            }
            for file in files { try disk.write(file.path, Data(file.bytes)) }
            let read = try LedgerDirectory.read(LedgerRoot(disk.root))
            files = read.files
            entryFindings = read.findings
        }
        var extra: [Finding] = []
        if !example.committed.isEmpty {
            var committed: [String: [UInt8]] = [:]
            for (path, text) in example.committed { committed[path] = Array(text.utf8) }
            var current: [String: [UInt8]] = [:]
            for file in files where committed[file.path] != nil { current[file.path] = file.bytes }
            extra = RuleDescriptor.logRewrites(base: committed, current: current).findings
        }
        let parsed = LedgerParser.parse(files, entryFindings: entryFindings)
        return Checker.check(parsed, today: RuleExample.today, extra: extra, formatting: true).diagnostics
    }
}
