import Foundation
import Glibc
import HTLKit
import HTLTestSupport
import Testing

@testable import HTLCore
@testable import HTLSystem

/// A file is read in one call when it holds what fstat said; a file that
/// grew or shrank since is still read whole, to its end.
@Suite struct FileReadTests {
    func withFile(_ text: String, _ body: (Int32) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "htl-read-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        try body(fd)
    }

    @Test func readsTheWholeFileWhateverSizeFstatGave() throws {
        let text = "2026-11-20 Morning run 5.8km +run-100km\n"
        for size in [0, 1, 4, text.utf8.count - 1, text.utf8.count, text.utf8.count + 1, 5000] {
            try withFile(text) { fd in
                let read = try FileSystem.read(fd, shown: "log", size: size)
                #expect(read == Array(text.utf8), "size \(size)")
            }
        }
        try withFile("") { fd in
            let read = try FileSystem.read(fd, shown: "log", size: 0)
            #expect(read.isEmpty)
        }
        // Larger than the chunk read after the end fstat gave.
        let long = String(repeating: "2026-11-20 Run 5km\n", count: 1000)
        try withFile(long) { fd in
            let read = try FileSystem.read(fd, shown: "log", size: 10)
            #expect(read == Array(long.utf8))
        }
    }

    /// More than the limit is refused, whether fstat says so or the file
    /// turns out longer while it is read.
    @Test func aFileOverTheLimitIsRefusedNotRead() throws {
        let long = String(repeating: "2026-11-20 Run 5km\n", count: 1000)
        for size in [19_000, 10] {
            try withFile(long) { fd in
                #expect(throws: HTLError.self) {
                    try FileSystem.read(fd, shown: "log/2026.log", size: size, atMost: 5000)
                }
            }
        }
    }

    /// A sparse ledger file of 2 GiB (no disk used) is a `bad-entry`
    /// finding; the rest of the ledger is read.
    @Test func aHugeSparseLogIsAFinding() throws {
        let ledger = try TemporaryLedger(["htl.yaml": "", "log/2026.log": "2026-11-20 Run 5km\n", "log/2025.log": ""])
        defer { ledger.remove() }
        #expect(truncate(ledger.root + "/log/2025.log", 2 << 30) == 0)
        let read = try LedgerDirectory.read(LedgerRoot(ledger.root))
        #expect(read.files.map(\.path) == ["htl.yaml", "log/2026.log"])
        #expect(
            read.findings.map { "\($0.rule.rawValue) \($0.message)" } == [
                "bad-entry log/2025.log is larger than 1024 MiB, more than htl reads from one file; split it"
            ])
    }

    /// A long log's bytes, every line different from its neighbours (a
    /// part read into the wrong place, or twice, shows).
    static func longLog(megabytes: Int) -> String {
        let count = megabytes * 1_048_576 / "2026-11-20 Run 99999km +g1\n".utf8.count
        return (0..<count).map { "2026-11-20 Run \($0 % 100_000)km +g1\n" }.joined()
    }

    /// A long log is read whole, in order, alongside the other files of the ledger.
    @Test func aLongLogIsReadWholeAmongTheOtherFiles() throws {
        let long = Self.longLog(megabytes: 9)
        let ledger = try TemporaryLedger([
            "htl.yaml": "", "log/2026.log": long, "log/2025.log": "2025-01-01 Run 1km\n",
            "goals/g1.md": "---\ntitle: G\n---\n",
        ])
        defer { ledger.remove() }
        let read = try LedgerDirectory.read(LedgerRoot(ledger.root))
        #expect(read.findings.isEmpty)
        #expect(read.files.map(\.path) == ["goals/g1.md", "htl.yaml", "log/2025.log", "log/2026.log"])
        #expect(read.files.last?.bytes == Array(long.utf8))
        #expect(read.files.first?.bytes == Array("---\ntitle: G\n---\n".utf8))
    }

    /// Once a ledger is loaded, htl holds none of its files: nothing stays
    /// mapped or open (so no lease or mapping can make another program's
    /// write wait, and no file cut short can make a read fail later).
    @Test func aLoadedLedgerHoldsNoFileOpenOrMapped() throws {
        let ledger = try TemporaryLedger([
            "htl.yaml": "htl: 1\n", "log/2026.log": Self.longLog(megabytes: 3),
            "goals/g1.md": "---\ntitle: G\n---\n",
        ])
        defer { ledger.remove() }
        var request = LoadRequest(root: try LedgerRoot(ledger.root), today: SampleLedger.today)
        request.computeProgress = true
        let loaded = try LedgerLoader.load(request)
        #expect(loaded.files.count == 3)
        let log = ledger.root + "/log/2026.log"
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        #expect(!maps.contains(ledger.root))
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
        }
        #expect(!descriptors.contains { $0.hasPrefix(ledger.root) })
        // Another program writes at once, and the loaded ledger is as it was read.
        let writer = open(log, O_WRONLY | O_TRUNC | O_NONBLOCK)
        #expect(writer >= 0)
        close(writer)
        #expect(loaded.files.last?.bytes.count == Self.longLog(megabytes: 3).utf8.count)
    }
}
