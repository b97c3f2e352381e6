import Foundation
import Glibc
import HTLTestSupport
import Testing

@testable import HTLCore
@testable import HTLSystem

/// Ledger files are opened below the root's handle, where the kernel keeps
/// every step of the path inside the root; whatever it will not promise
/// goes the general way (the real path looked up), with the same verdicts.
@Suite struct ReadBeneathTests {
    @Test func theKernelOpensOnlyWhatLiesBelowTheRoot() throws {
        let outside = try TemporaryLedger(["secret.txt": "must-not-leak\n"], prefix: "htl-outside")
        defer { outside.remove() }
        let ledger = try TemporaryLedger(["htl.yaml": "", "goals/run.md": "run\n", "notes/inside.txt": "inside\n"])
        defer { ledger.remove() }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: ledger.root + "/goals/relative.md", withDestinationPath: "run.md")
        try fm.createSymbolicLink(
            atPath: ledger.root + "/goals/up-and-in.md", withDestinationPath: "../notes/inside.txt")
        try fm.createSymbolicLink(
            atPath: ledger.root + "/goals/absolute.md", withDestinationPath: ledger.root + "/goals/run.md")
        try fm.createSymbolicLink(
            atPath: ledger.root + "/goals/out.md", withDestinationPath: outside.root + "/secret.txt")
        try fm.createSymbolicLink(
            atPath: ledger.root + "/goals/up-and-out.md",
            withDestinationPath: "../../" + URL(fileURLWithPath: outside.root).lastPathComponent + "/secret.txt")
        #expect(mkfifo(ledger.root + "/goals/pipe.md", 0o644) == 0)
        let root = try #require(FileSystem.openFolderHandle(ledger.root))
        defer { close(root) }

        func contents(_ path: String) -> String? {
            guard let opened = FileSystem.openRegularBeneath(root, path) else { return nil }
            defer { close(opened.fd) }
            return (try? FileSystem.read(opened.fd, shown: path, size: opened.size)).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        #expect(contents("goals/run.md") == "run\n")
        #expect(contents("goals/relative.md") == "run\n")
        #expect(contents("goals/up-and-in.md") == "inside\n")
        // Not promised by the kernel: an absolute link (even to a file inside), a way out, a FIFO (never waited on), nothing.
        #expect(contents("goals/absolute.md") == nil)
        #expect(contents("goals/out.md") == nil)
        #expect(contents("goals/up-and-out.md") == nil)
        #expect(contents("../" + URL(fileURLWithPath: outside.root).lastPathComponent + "/secret.txt") == nil)
        #expect(contents(outside.root + "/secret.txt") == nil)
        #expect(contents("goals/pipe.md") == nil)
        #expect(contents("goals/missing.md") == nil)
    }

    @Test func whatTheKernelWillNotPromiseIsDecidedTheGeneralWay() throws {
        let outside = try TemporaryLedger(["secret.txt": "must-not-leak\n"], prefix: "htl-outside")
        defer { outside.remove() }
        let ledger = try TemporaryLedger(["htl.yaml": "", "goals/run.md": "---\ntitle: Run\n---\n"])
        defer { ledger.remove() }
        let fm = FileManager.default
        try fm.createSymbolicLink(
            atPath: ledger.root + "/goals/absolute.md", withDestinationPath: ledger.root + "/goals/run.md")
        try fm.createSymbolicLink(
            atPath: ledger.root + "/goals/out.md", withDestinationPath: outside.root + "/secret.txt")
        let read = try LedgerDirectory.read(LedgerRoot(ledger.root))
        #expect(read.files.map(\.path) == ["goals/absolute.md", "goals/run.md", "htl.yaml"])
        #expect(read.files.allSatisfy { !String(decoding: $0.bytes, as: UTF8.self).contains("must-not-leak") })
        #expect(String(decoding: read.files[0].bytes, as: UTF8.self) == "---\ntitle: Run\n---\n")
        #expect(
            read.findings.map(\.message) == [
                "goals/out.md leads outside the ledger (a symbolic link); htl reads nothing outside \(ledger.root)"
            ])
    }
}
