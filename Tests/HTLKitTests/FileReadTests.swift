import Foundation
import Glibc
@testable import HTLCore
import HTLKit
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

    /// A long log's bytes, every one different from its neighbours' in
    /// the same place of the next piece (a piece read into the wrong place,
    /// or twice, shows).
    static func longLog(pieces: Double) -> String {
        let line = "2026-11-20 Run 5km +g1\n"
        let count = Int(Double(FileSystem.pieceBytes) * pieces) / line.utf8.count
        return (0..<count).map { "2026-11-20 Run \($0 % 100_000)km +g1\n" }.joined()
    }

    /// A log of several pieces is read whole, in order, alongside the
    /// other files of the ledger (the pieces themselves: the next test).
    @Test func aLongLogIsReadWholeAmongTheOtherFiles() throws {
        let long = Self.longLog(pieces: 2.6)
        let ledger = try TemporaryLedger(["htl.yaml": "", "log/2026.log": long, "log/2025.log": "2025-01-01 Run 1km\n",
                                          "goals/g1.md": "---\ntitle: G\n---\n"])
        defer { ledger.remove() }
        let read = try LedgerDirectory.read(LedgerRoot(ledger.root))
        #expect(read.findings.isEmpty)
        #expect(read.files.map(\.path) == ["goals/g1.md", "htl.yaml", "log/2025.log", "log/2026.log"])
        #expect(read.files.last?.bytes.array == Array(long.utf8))
        #expect(read.files.first?.bytes.array == Array("---\ntitle: G\n---\n".utf8))
        // Asked to map: the long log is mapped, the same bytes; open for writing
        // elsewhere, it cannot be held still, and is read in pieces as above.
        signal(SIGIO, SIG_IGN)
        do {
            let mapped = try LedgerDirectory.read(LedgerRoot(ledger.root), mappingLongLogs: true)
            #expect(mapped.files.map(\.bytes.isMapped) == [false, false, false, true])
            #expect(mapped.files == read.files)
        }
        // Let go: the file opens for writing at once (a held lease would keep this open waiting).
        let writer = open(ledger.root + "/log/2026.log", O_WRONLY | O_NONBLOCK)
        #expect(writer >= 0)
        defer { close(writer) }
        let unmapped = try LedgerDirectory.read(LedgerRoot(ledger.root), mappingLongLogs: true)
        #expect(unmapped.files.allSatisfy { !$0.bytes.isMapped })
        #expect(unmapped.files == read.files)
    }

    /// A command that only reads maps a log of 1 MiB or more: the same
    /// bytes as read, held as the file's pages. A shorter log and the other
    /// files are read into memory of their own, as they are without mapping.
    /// (A lease break signals SIGIO: the process must not die of it, so
    /// like the executable the test ignores it; otherwise nothing is mapped.)
    @Test func aLongLogIsMappedWhenAskedAndReadsTheSame() throws {
        signal(SIGIO, SIG_IGN)
        let long = Self.longLog(pieces: 0.3)
        #expect(long.utf8.count >= 1 << 20)
        let ledger = try TemporaryLedger(["htl.yaml": "", "log/2026.log": long, "log/2025.log": "2025-01-01 Run 1km\n",
                                          "goals/g1.md": "---\ntitle: G\n---\n"])
        defer { ledger.remove() }
        let mapped = try LedgerDirectory.read(LedgerRoot(ledger.root), mappingLongLogs: true)
        let read = try LedgerDirectory.read(LedgerRoot(ledger.root))
        #expect(mapped.findings.isEmpty)
        #expect(mapped.files.map(\.path) == read.files.map(\.path))
        #expect(mapped.files == read.files)
        #expect(mapped.files.map(\.bytes.isMapped) == [false, false, false, true])
        #expect(read.files.allSatisfy { !$0.bytes.isMapped })
        let log = try #require(mapped.files.last)
        #expect(log.bytes.array == Array(long.utf8))
        #expect(log.bytes[0..<10].elementsEqual(Array("2026-11-20".utf8)))
        #expect(log.location(ofByte: log.bytes.count - 1).line == long.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) })
    }

    /// While a log is mapped, a read lease holds it still: another
    /// program's open for writing waits (one that would not wait is told
    /// so); once the mapping is let go, the file opens for writing at once.
    /// A log someone has open for writing is not mapped, but read.
    @Test func aMappedLogIsHeldStillUntilItIsLetGo() throws {
        signal(SIGIO, SIG_IGN)
        let long = Self.longLog(pieces: 0.3)
        let ledger = try TemporaryLedger(["htl.yaml": "", "log/2026.log": long])
        defer { ledger.remove() }
        let path = ledger.root + "/log/2026.log"
        var mapped: LedgerFiles? = try LedgerDirectory.read(LedgerRoot(ledger.root), mappingLongLogs: true)
        #expect(mapped?.files.last?.bytes.isMapped == true)
        let refused = open(path, O_WRONLY | O_NONBLOCK)
        #expect(refused == -1 && errno == EWOULDBLOCK)
        mapped = nil
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        #expect(writer >= 0)
        defer { close(writer) }
        // Open for writing elsewhere: read into memory, the same bytes.
        let read = try LedgerDirectory.read(LedgerRoot(ledger.root), mappingLongLogs: true)
        #expect(read.files.last?.bytes.isMapped == false)
        #expect(read.files.last?.bytes.array == Array(long.utf8))
    }

    /// A mapped file's bytes are read with the bounds of an array: an index
    /// past the end stops the process, it never reads the memory after them.
    @Test func aMappedFileIsIndexedWithinItsBounds() async throws {
        await #expect(processExitsWith: .failure) {
            let path = NSTemporaryDirectory() + "htl-mapped-\(getpid())"
            FileManager.default.createFile(atPath: path, contents: Data("2026-11-20 Run 5km\n".utf8))
            let fd = open(path, O_RDONLY)
            unlink(path)
            guard let mapping = FileBytes.Mapping(taking: fd, size: 19) else { return }
            let bytes = FileBytes(mapping)
            _ = bytes[bytes.count]
        }
        let path = NSTemporaryDirectory() + "htl-mapped-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try Data("2026-11-20 Run 5km\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let bytes = FileBytes(try #require(FileBytes.Mapping(taking: open(path, O_RDONLY), size: 19)))
        #expect(bytes[18] == 0x0A)
        #expect(bytes == Array("2026-11-20 Run 5km\n".utf8))
        #expect(bytes.isMapped)
    }

    /// A ledger whose long log is mapped loads as it does read: the same
    /// findings (rendered with their excerpts of the log), the same export.
    @Test func aLedgerWithAMappedLogLoadsAsItDoesRead() throws {
        let lines = (0..<24_000).map { k in
            switch k % 1000 {
            case 7: return "2026-11-\(11 + k % 9) Swam 1lap +run\n"
            case 8: return "2026-11-03 Run 5 km #running\n"
            default: return "2026-11-\(11 + k % 9) Run along the river \(k % 7 + 1).5km +run #running\n"
            }
        }
        #expect(lines.joined().utf8.count >= 1 << 20)
        let ledger = try TemporaryLedger(SampleLedger.with(["log/2026.log": lines.joined()]))
        defer { ledger.remove() }
        signal(SIGIO, SIG_IGN)
        var request = LoadRequest(root: try LedgerRoot(ledger.root), today: SampleLedger.today)
        request.formatting = true
        request.computeProgress = true
        let read = try LedgerLoader.load(request)
        request.mapsLongLogs = true
        let mapped = try LedgerLoader.load(request)
        #expect(mapped.files.first { $0.path == "log/2026.log" }?.bytes.isMapped == true)
        #expect(mapped.files == read.files)
        #expect(!mapped.diagnostics.isEmpty)
        #expect(mapped.diagnostics == read.diagnostics)
        #expect(DiagnosticRenderer.text(mapped.check, files: mapped.files) == DiagnosticRenderer.text(read.check, files: read.files))
        #expect(ReportJSON.export(mapped.ledger, report: mapped.progressReport()) == ReportJSON.export(read.ledger, report: read.progressReport()))
    }

    /// The pieces are handed out once each; a file that shrank before they
    /// were read is read again whole, one that grew is read to its end.
    @Test func aLongFileThatChangesWhileItIsReadInPiecesIsStillReadWhole() throws {
        let long = Self.longLog(pieces: 3.2)
        let size = long.utf8.count
        let tail = "2026-11-21 Walk 2km\n"
        for change in ["none", "shrink", "grow"] {
            let path = NSTemporaryDirectory() + "htl-pieces-\(getpid())-\(change)"
            try Data(long.utf8).write(to: URL(fileURLWithPath: path))
            defer { unlink(path) }
            let fd = open(path, O_RDWR)
            defer { close(fd) }
            var handed: [Int] = []
            let (bytes, alongside) = FileSystem.readInPieces(fd, shown: "log/2026.log", size: size, atMost: 1 << 30) { pieces, readPiece in
                if change == "shrink" { #expect(ftruncate(fd, off_t(size / 2)) == 0) }
                if change == "grow" { #expect(pwrite(fd, tail, tail.utf8.count, off_t(size)) == tail.utf8.count) }
                for k in 0..<pieces {
                    handed.append(k)
                    readPiece(k)
                }
                return pieces
            }
            #expect(alongside == 4 && handed == [0, 1, 2, 3], "\(change)")
            let expected: [UInt8] = switch change {
            case "shrink": Array(long.utf8.prefix(size / 2))
            case "grow": Array((long + tail).utf8)
            default: Array(long.utf8)
            }
            #expect(try bytes.get() == expected, "\(change)")
        }
    }

    /// More than the limit is refused without a piece read; the work
    /// alongside still runs.
    @Test func aLongFileOverTheLimitIsRefusedInPiecesToo() throws {
        var ran = false
        let (bytes, _) = FileSystem.readInPieces(-1, shown: "log/2026.log", size: 3 << 30, atMost: 1 << 30) { pieces, _ in
            #expect(pieces == 0)
            ran = true
        }
        #expect(ran)
        #expect(throws: HTLError.self) { try bytes.get() }
    }
}
