import Foundation
import HTLKit
import HTLTestSupport
import Testing

/// `htl export --format csv` made in pieces: the text of a file is handed
/// on a megabyte at a time, each piece whole records, and the output
/// file appears only when all of it is written.
@Suite struct CSVExportTests {
    /// goals-example's actions as the app's CSV: every UUID made from its
    /// line stays what it was (the golden was written before the export
    /// was made in pieces).
    @Test func goalsExampleActionsKeepTheirUUIDs() throws {
        let request = LoadRequest(
            root: try LedgerRoot(Paths.root.appendingPathComponent("goals-example").path), today: SampleLedger.today)
        let export = AppCSVExport(try LedgerLoader.load(request))
        var text: [UInt8] = []
        export.write(.actions) { text += $0 }
        Golden.check(
            String(decoding: text, as: UTF8.self), against: "Tests/Golden/export/goals-example-actions_export.csv")
    }

    /// 8,000 actions of long descriptions are some 4 MB of CSV: handed on in several pieces,
    /// each ending where a record does, and read back as exactly the rows
    /// written, a description with a comma and quotes among them.
    @Test func aLongActionsFileComesInPiecesOfWholeRecords() throws {
        let long = String(repeating: "along the canal and back ", count: 8)
        let lines = (0..<8_000).map { "2026-11-20 Run r\($0) \(long)5km +run\n" }
        let quoted = "2026-11-21 \"Run, \\\"easy\\\" pace\" 3km\n"
        let ledger = try TemporaryLedger(SampleLedger.with(["log/2026.log": lines.joined() + quoted]))
        defer { ledger.remove() }
        let loaded = try LedgerLoader.load(LoadRequest(root: try LedgerRoot(ledger.root), today: SampleLedger.today))
        var pieces: [[UInt8]] = []
        AppCSVExport(loaded).write(.actions) { pieces.append($0) }
        #expect(pieces.count >= 3)
        #expect(pieces.allSatisfy { $0.last == 0x0A })
        #expect(pieces.dropLast().allSatisfy { $0.count >= 1 << 20 && $0.count < (1 << 20) + 4096 })
        let records = try CSV.records(Array(pieces.joined()))
        #expect(records.count == 8_002)
        #expect(records[0].fields.first == "ID")
        #expect(records[1][1] == "Run r0 " + long.dropLast())
        #expect(records[8_000][1] == "Run r7999 " + long.dropLast())
        #expect(records[8_001][1] == "Run, \"easy\" pace")
        #expect(records[8_001][4] == "2026-11-21")
        #expect(Set(records.dropFirst().map { $0[0] }).count == 8_001)
    }

    /// A record left open is ended by `finish`: the next one starts a line of its own.
    @Test func finishEndsARecordLeftOpen() {
        var writer = CSVWriter()
        var text: [UInt8] = []
        writer.field("a")
        writer.field(" b")
        writer.finish { text += $0 }
        writer.field("c")
        writer.endRecord { text += $0 }
        writer.finish { text += $0 }
        #expect(String(decoding: text, as: UTF8.self) == "a,\" b\"\nc\n")
    }

    /// A failure while the output is made leaves the file there as it was,
    /// and no temporary file beside it.
    @Test func anOutputThatFailsHalfWayIsNotWritten() throws {
        let ledger = try TemporaryLedger(["htl.yaml": ""])
        defer { ledger.remove() }
        let folder = ledger.root + "/out"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "before\n".write(toFile: folder + "/actions_export.csv", atomically: true, encoding: .utf8)
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try AtomicFile.writeOutput(to: folder + "/actions_export.csv", ledger: try LedgerRoot(ledger.root)) {
                write in
                try write(Array(repeating: UInt8(ascii: "x"), count: 1 << 20))
                throw Stop()
            }
        }
        #expect(try String(contentsOfFile: folder + "/actions_export.csv", encoding: .utf8) == "before\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["actions_export.csv"])
        try AtomicFile.writeOutput(to: folder + "/actions_export.csv", ledger: try LedgerRoot(ledger.root)) { write in
            try write(Array("a,b\n".utf8))
            try write(Array("c,d\n".utf8))
        }
        #expect(try String(contentsOfFile: folder + "/actions_export.csv", encoding: .utf8) == "a,b\nc,d\n")
    }
}
