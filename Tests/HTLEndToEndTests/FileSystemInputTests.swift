import Foundation
import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

/// Odd things on disk: never a crash or a hang, always findings or exit 2.
@Suite struct FileSystemInputTests {
    let today = ["--today", "2026-11-22"]

    @Test func folderNamedLikeAFileIsAFolder() throws {
        let ledger = try TemporaryLedger(SampleLedger.files)
        defer { ledger.remove() }
        try FileManager.default.createDirectory(atPath: ledger.root + "/goals/trip.md", withIntermediateDirectories: true)
        try ledger.write("goals/trip.md/inner.md", "---\ntitle: Inner\n---\n")
        let result = try HTLBinary.run(["check", "-C", ledger.root] + today)
        // The folder is descended into; the file inside is a goal like any other.
        #expect(result.stdout.contains("goals/trip.md/inner.md:1:1: warning:"))
        #expect(result.status == 0)
    }

    @Test func settingsFileThatIsAFolderIsExitTwo() throws {
        let ledger = try TemporaryLedger(SampleLedger.files.filter { $0.key != "htl.yaml" })
        defer { ledger.remove() }
        try FileManager.default.createDirectory(atPath: ledger.root + "/htl.yaml", withIntermediateDirectories: true)
        let result = try HTLBinary.run(["check", "-C", ledger.root] + today)
        #expect(result.status == 2)
        #expect(result.stderr == "htl: \(ledger.root)/htl.yaml is not a regular file\n")
    }

    @Test func fifosSymlinkLoopsAndDotfilesAreSkipped() throws {
        let ledger = try TemporaryLedger(SampleLedger.files)
        defer { ledger.remove() }
        #expect(mkfifo(ledger.root + "/goals/pipe.md", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: ledger.root + "/goals/loop", withDestinationPath: ledger.root + "/goals")
        try ledger.write("goals/.#run.md", "garbage")
        try ledger.write("goals/notes.txt", "not a goal")
        let result = try HTLBinary.run(["check", "-C", ledger.root] + today)
        #expect(result.status == 0)
        #expect(result.stderr == "no errors or warnings in 6 files\n")
    }

    @Test func binaryGarbageInEveryFileStillGivesFindings() throws {
        var files: [String: String] = [:]
        for path in SampleLedger.files.keys { files[path] = "" }
        let ledger = try TemporaryLedger(files)
        defer { ledger.remove() }
        var rng = SeededGenerator(seed: 99)
        for path in SampleLedger.files.keys {
            try ledger.write(path, Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }))
        }
        let result = try HTLBinary.run(["check", "-C", ledger.root] + today)
        #expect(result.status == 1)
        #expect(result.stdout.contains("[encoding]"))
        for report in ["status", "values", "terms", "actions", "export"] {
            let r = try HTLBinary.run([report, "-C", ledger.root] + today)
            #expect(r.status == 1, "\(report)")
            #expect(r.stderr.hasSuffix("; run htl check\n"), "\(report): \(r.stderr)")
        }
    }
}
