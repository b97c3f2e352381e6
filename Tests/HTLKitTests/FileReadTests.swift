import Foundation
import Glibc
@testable import HTLCore
@testable import HTLSystem
import HTLTestSupport
import Testing

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
                #expect(throws: HTLError.self) { try FileSystem.read(fd, shown: "log/2026.log", size: size, atMost: 5000) }
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
        #expect(read.findings.map { "\($0.rule.rawValue) \($0.message)" } == [
            "bad-entry log/2025.log is larger than 1024 MiB, more than htl reads from one file; split it",
        ])
    }
}
