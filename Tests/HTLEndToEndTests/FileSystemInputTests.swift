import Foundation
import HTLKit
import HTLTestSupport
import LedgerGenerator
import Testing

/// Odd things on disk: never a crash or a hang, always findings or exit 2.
@Suite struct FileSystemInputTests {
    let today = ["--today", "2026-11-22"]

    @Test func folderNamedLikeAFileIsABadEntry() throws {
        let ledger = try TemporaryLedger(SampleLedger.files)
        defer { ledger.remove() }
        try FileManager.default.createDirectory(
            atPath: ledger.root + "/goals/trip.md", withIntermediateDirectories: true)
        try ledger.write("goals/trip.md/inner.md", "---\ntitle: Inner\n---\n")
        let result = try HTLBinary.run(["check", "-C", ledger.root] + today)
        #expect(
            result.stdout == """
                goals/trip.md:1:1: error: goals/trip.md is a folder, but its name is a ledger file's [bad-entry]
                   = help: rename the folder (without .md or .log), or move its files up

                """)
        #expect(result.status == 1)
    }

    @Test func settingsFileThatIsAFolderIsExitTwo() throws {
        let ledger = try TemporaryLedger(SampleLedger.files.filter { $0.key != "htl.yaml" })
        defer { ledger.remove() }
        try FileManager.default.createDirectory(atPath: ledger.root + "/htl.yaml", withIntermediateDirectories: true)
        let result = try HTLBinary.run(["check", "-C", ledger.root] + today)
        #expect(result.status == 2)
        #expect(result.stderr == "htl: \(ledger.root)/htl.yaml is not a regular file\n")
    }

    @Test func fifosDanglingLinksAndLoopsAreReportedDotfilesIgnored() throws {
        let ledger = try TemporaryLedger(SampleLedger.files)
        defer { ledger.remove() }
        #expect(mkfifo(ledger.root + "/goals/pipe.md", 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: ledger.root + "/goals/loop", withDestinationPath: ledger.root + "/goals")
        try FileManager.default.createSymbolicLink(
            atPath: ledger.root + "/goals/gone.md", withDestinationPath: ledger.root + "/nowhere.md")
        try ledger.write("goals/.#run.md", "garbage")
        try ledger.write("goals/notes.txt", "not a goal")
        let result = try HTLBinary.run(["check", "-C", ledger.root] + today)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                goals/gone.md:1:1: error: goals/gone.md is a symbolic link to nothing (it dangles or loops) [bad-entry]
                   = help: remove the link, or point it at a file inside the ledger
                goals/loop:1:1: error: goals/loop is a link to a folder htl already reads (it loops) [bad-entry]
                   = help: remove the link
                goals/pipe.md:1:1: error: goals/pipe.md is a FIFO (named pipe), not a regular file; htl does not read it [bad-entry]

                """)
        #expect(result.stderr == "3 errors, 0 warnings in 6 files\n")
    }

    @Test func plainFileWhereAFolderBelongsAndAFIFOMeasuresFile() throws {
        let ledger = try TemporaryLedger(
            SampleLedger.files.filter { $0.key != "log/2026.log" && $0.key != "measures.yaml" })
        defer { ledger.remove() }
        try ledger.write("log", "2026-11-03 Run 5km +run\n")
        #expect(mkfifo(ledger.root + "/measures.yaml", 0o644) == 0)
        let result = try HTLBinary.run(["check", "-C", ledger.root] + today)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "log:1:1: error: log is a file; it must be a folder holding the action log (log/2026.log) [bad-entry]"))
        #expect(
            result.stdout.contains(
                "measures.yaml:1:1: error: measures.yaml is a FIFO (named pipe), not a regular file; htl does not "
                    + "read it [bad-entry]"
            ))
        // One finding about measures.yaml, not one unknown unit or measure per use of it.
        #expect(!result.stdout.contains("[unknown-measure]"))
        #expect(!result.stdout.contains("[unknown-unit]"))
    }

    @Test func linksToDevicesAndOutsideFilesAreNeverRead() throws {
        let outside = try TemporaryLedger(["secret.txt": "root:$6$hash-that-must-not-leak\n"], prefix: "htl-outside")
        defer { outside.remove() }
        let ledger = try TemporaryLedger(SampleLedger.files.filter { $0.key != "measures.yaml" })
        defer { ledger.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: ledger.root + "/measures.yaml", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(
            atPath: ledger.root + "/log/shadow.log", withDestinationPath: outside.root + "/secret.txt")
        try FileManager.default.createSymbolicLink(
            atPath: ledger.root + "/values/outside.md", withDestinationPath: outside.root + "/secret.txt")
        for command in [["check"], ["status"], ["export"], ["actions"], ["check", "--format", "json"]] {
            let result = try HTLBinary.run(command + ["-C", ledger.root] + today)
            #expect(!(result.stdout + result.stderr).contains("hash-that-must-not-leak"), "\(command)")
            #expect(result.status == 1, "\(command)")
        }
        let check = try HTLBinary.run(["check", "-C", ledger.root] + today)
        #expect(
            check.stdout.contains(
                "log/shadow.log:1:1: error: log/shadow.log leads outside the ledger (a symbolic link)"))
        #expect(
            check.stdout.contains(
                "values/outside.md:1:1: error: values/outside.md leads outside the ledger (a symbolic link)"))
        #expect(
            check.stdout.contains("measures.yaml:1:1: error: measures.yaml leads outside the ledger (a symbolic link)"))
    }

    @Test func aFileNameThatIsNotUTF8IsReportedNotRepaired() throws {
        let ledger = try TemporaryLedger(SampleLedger.files)
        defer { ledger.remove() }
        let name = ledger.root + "/goals/caf\u{FFFD}.md"
        _ = name
        let raw: [UInt8] = Array((ledger.root + "/goals/caf").utf8) + [0xE9] + Array(".md".utf8) + [0]
        let fd = open(raw.map { CChar(bitPattern: $0) }, O_CREAT | O_WRONLY, 0o644)
        #expect(fd >= 0)
        close(fd)
        let result = try HTLBinary.run(["check", "-C", ledger.root] + today)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "goals/caf\\xE9.md:1:1: error: the file name goals/caf\\xE9.md is not valid UTF-8; htl does not read "
                    + "it [bad-entry]"
            ), "\(result.stdout)")
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
