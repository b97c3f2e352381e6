import Foundation
import HTLTestSupport
import LedgerGenerator
import Testing

@testable import HTLCore
@testable import HTLSystem

/// The invariants the unsafe corner's files state (ArchitectureTests names
/// the files): each is held here at its edges, and a breach traps rather
/// than reading or writing memory it was not given.
@Suite struct ParallelTests {
    /// Every element a job appends is kept once, after the prefix, in job
    /// order, whatever the rooms and however little of them is used.
    @Test func fillKeepsEveryElementOnceInJobOrder() {
        var rng = SeededGenerator(seed: 71)
        for _ in 0..<300 {
            let rooms = (0..<Int.random(in: 0...12, using: &rng)).map { _ in Int.random(in: 0...9, using: &rng) }
            let used = rooms.map { Int.random(in: 0...$0, using: &rng) }
            let prefix = (0..<Int.random(in: 0...3, using: &rng)).map { -1 - $0 }
            let (elements, results) = Parallel.fill(after: prefix, rooms: rooms) { k, region in
                for i in 0..<used[k] { region.append(k * 100 + i) }
                return region.count
            }
            #expect(
                elements == prefix + used.indices.flatMap { k in (0..<used[k]).map { k * 100 + $0 } },
                "\(rooms) \(used)")
            #expect(results == used)
        }
    }

    @Test func aWritePastItsRegionTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = Parallel.fill(rooms: [2, 2]) { k, region in
                for i in 0..<(k == 1 ? 3 : 1) { region.append(i) }
            }
        }
    }

    /// `write` hands each job its own range, and nothing else.
    @Test func writeGivesEachJobItsRange() {
        var array = [Int32](repeating: -1, count: 100)
        let ranges = [0..<10, 10..<10, 40..<100, 10..<40]
        Parallel.write(into: &array, ranges: ranges) { k, part in
            for i in part.indices { part[i] = Int32(k) }
        }
        let expected = (0..<100).map { i in Int32(ranges.firstIndex { $0.contains(i) }!) }
        #expect(array == expected)
    }

    @Test func overlappingRangesTrapBeforeAnyJobRuns() async {
        await #expect(processExitsWith: .failure) {
            var array = [Int32](repeating: 0, count: 10)
            Parallel.write(into: &array, ranges: [0..<6, 5..<10]) { _, _ in }
        }
        await #expect(processExitsWith: .failure) {
            var array = [Int32](repeating: 0, count: 10)
            Parallel.write(into: &array, ranges: [0..<11]) { _, _ in }
        }
    }

    @Test func aJobWritesNothingOutsideItsSpan() async {
        await #expect(processExitsWith: .failure) {
            var array = [Int32](repeating: 0, count: 10)
            Parallel.write(into: &array, ranges: [0..<5, 5..<10]) { k, part in part[5] = Int32(k) }
        }
    }

    @Test func mapAnswersInIndexOrder() {
        #expect(Parallel.map(1000) { $0 * 3 } == (0..<1000).map { $0 * 3 })
        #expect(Parallel.array(1000, pieces: 7) { $0 - 5 } == (0..<1000).map { $0 - 5 })
        #expect(Parallel.map(0) { $0 }.isEmpty)
    }
}

@Suite struct RawBytesTests {
    /// A word is read at every offset that leaves eight bytes, and is the
    /// eight bytes there, the first lowest.
    @Test func aWordIsTheEightBytesAtItsOffset() {
        let bytes = (0..<40).map { UInt8($0 * 7 & 0xFF) }
        for offset in 0...(bytes.count - 8) {
            let expected = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
            #expect(RawBytes.word(bytes.span, offset) == expected)
        }
    }

    @Test func aWordPastTheEndTraps() async {
        await #expect(processExitsWith: .failure) {
            let bytes = [UInt8](repeating: 1, count: 12)
            _ = RawBytes.word(bytes.span.extracting(0..<9), 2)
        }
    }

    @Test func aSearchOrScanOutsideTheBytesTraps() async {
        await #expect(processExitsWith: .failure) {
            let bytes = [UInt8](repeating: 0x0A, count: 12)
            _ = RawBytes.lineBreak(in: bytes.span.extracting(0..<4), from: 0, end: 8)
        }
        await #expect(processExitsWith: .failure) {
            let bytes = [UInt8](repeating: 0x20, count: 12)
            _ = RawBytes.classes(of: bytes.span.extracting(0..<4), 2..<6)
        }
    }

    /// The C scans read nothing outside what they are given: a line
    /// surrounded by bytes of every class is classified as itself alone, at
    /// every length and offset.
    @Test func theByteScansStayInsideTheirRange() {
        let noisy: [UInt8] = [0x00, 0x09, 0x22, 0x20, 0x20, 0x80, 0xFF, 0x7F, 0x0A, 0x23]
        for length in 0...40 {
            for offset in 0...17 {
                let line = (0..<length).map { UInt8(0x41 + $0 % 26) }
                let bytes = (0..<offset).map { noisy[$0 % noisy.count] } + line + noisy + noisy
                let (classes, spaces) = RawBytes.classes(of: bytes.span, offset..<(offset + length))
                #expect(classes == 0 && spaces == 0, "length \(length) at \(offset)")
                let breaks = RawBytes.lineBreaks(in: bytes.span.extracting(offset..<(offset + length)))
                #expect(breaks.breaks == 0 && breaks.beforeNoAction == 0, "length \(length) at \(offset)")
            }
        }
    }

    @Test func copiesAreTheBytes() {
        let text = "caf\u{E9} \u{1F3C3} run"
        #expect(RawBytes.array(Array(text.utf8).span) == Array(text.utf8))
        #expect(RawBytes.string(Array(text.utf8).span) == text)
        #expect(RawBytes.string([0x41, 0xFF, 0x42].span) == "A\u{FFFD}B")
        #expect(RawBytes.string(Array("RUN-Ärger".utf8).span, lowercasingASCII: true) == "run-Ärger")
        var out: [UInt8] = [1]
        RawBytes.append(Array("ab".utf8).span, to: &out)
        RawBytes.append("cd", to: &out)
        #expect(out == [1] + Array("abcd".utf8))
    }
}

@Suite struct ByteBufferTests {
    /// Appends of every kind, across many growths from the smallest
    /// storage, read back as the same bytes an array gets.
    @Test func appendsKeepEveryByteInOrderAcrossGrowth() {
        var buffer = ByteBuffer(capacity: 0)
        var expected: [UInt8] = []
        var generator = SeededGenerator(seed: 7)
        for round in 0..<2_000 {
            switch round % 4 {
            case 0:
                let byte = UInt8.random(in: 0...255, using: &generator)
                buffer.append(byte)
                expected.append(byte)
            case 1:
                let bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
                buffer.append(bytes.span)
                expected += bytes
            case 2:
                buffer.append("{\"key\": ")
                expected += Array("{\"key\": ".utf8)
            default:
                let n = Int.random(in: 0...70, using: &generator)
                buffer.append(repeating: 0x20, count: n)
                expected += [UInt8](repeating: 0x20, count: n)
            }
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.array == expected)
        #expect(buffer.withBytes { Array(RawBytes.array($0)) } == expected)
    }

    /// Emptied, a buffer writes from its start again; room reserved keeps
    /// what is written; a buffer moved to another owner keeps its bytes.
    @Test func emptiedReservedAndMovedBuffersKeepTheirBytes() {
        var buffer = ByteBuffer(capacity: 4)
        buffer.append(Array("abcdefgh".utf8).span)
        buffer.removeAll()
        #expect(buffer.isEmpty && buffer.array.isEmpty)
        buffer.append("xy")
        buffer.reserveCapacity(100_000)
        buffer.append(UInt8(ascii: "z"))
        let moved = buffer
        #expect(moved.array == Array("xyz".utf8) && moved.count == 3)
    }
}

@Suite struct SystemCallsTests {
    /// A read keeps only the bytes the kernel wrote: an empty file, a file
    /// shorter than asked, one exactly as long, at an offset past its end.
    @Test func aReadKeepsWhatWasRead() throws {
        let ledger = try TemporaryLedger(["empty": "", "short": "abc", "long": String(repeating: "x", count: 70_000)])
        defer { ledger.remove() }
        for (name, size) in [("empty", 0), ("short", 3), ("long", 70_000)] {
            let fd = open(ledger.root + "/" + name, O_RDONLY)
            defer { close(fd) }
            #expect(SystemCalls.read(fd, count: size + 10, at: 0)?.count == size)
            #expect(SystemCalls.read(fd, count: size, at: 0, expected: size)?.count == size)
            #expect(SystemCalls.read(fd, count: 5, at: size + 100) == [])
        }
        #expect(SystemCalls.read(-1, count: 5) == nil)
    }

    @Test func aWriteFromPastTheBytesTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = SystemCalls.write(2, [1, 2, 3], from: 4)
        }
    }

    /// A file name of 255 bytes (the most a name has) is read whole, and
    /// `.` and `..` are not entries.
    @Test func directoryEntriesAreReadWhole() throws {
        let ledger = try TemporaryLedger(["htl.yaml": ""])
        defer { ledger.remove() }
        let long = String(repeating: "n", count: 255)
        try ledger.write(long, "")
        let names = try FileSystem.rawNames(ledger.root).map { String(decoding: $0, as: UTF8.self) }
        #expect(names == ["htl.yaml", long])
    }

    /// A child's arguments reach it as they were given.
    @Test func aChildGetsItsArguments() throws {
        let output = try GitProcess.run(["--version"], in: "/")
        #expect(output.status == 0 && String(decoding: output.stdout, as: UTF8.self).hasPrefix("git version "))
    }
}
