import HTLCore
import HTLEdit
import HTLFormat
import HTLLoad
import HTLModel
import HTLSystem

/// `htl import csv FILE... --rules RULES.yaml`: each data row becomes one
/// action line after its provenance mark (`# imported: csv row KEY`, the key
/// made from the row's fields), so importing the same rows again adds
/// nothing, also after the line was edited. A line without a mark that the
/// log already holds (the same text, as many times: an import by an older
/// htl, or typed by hand) is not written again either.
public enum CSVRulesImport {
    public static func plan(
        _ inputs: [(name: String, bytes: [UInt8])], rules: (name: String, bytes: [UInt8]),
        into loaded: LoadedLedger, utcOffset: @escaping UTCOffset
    ) throws -> ImportPlan {
        let rules = try CSVRules.read(name: rules.name, bytes: rules.bytes)
        if let file = rules.file, LedgerLayout.kind(of: file) != .log {
            throw HTLError("file: \(file) is not a log file (htl reads log/**/*.log)")
        }
        var plan = ImportPlan()
        let provenance = Provenance(files: loaded.files)
        var existing = CSVRulesImport.existingLines(loaded, unmarked: provenance)
        var marked = Set<String>()
        for input in inputs {
            let made = try rows(input, rules: rules, plan: &plan, utcOffset: utcOffset)
            var byFile: [(path: String, header: String, lines: [String], origins: [String?], actions: Int)] = []
            for row in made {
                if provenance.hasCSVRow(row.key) || !marked.insert(row.key).inserted {
                    plan.skipped += 1
                    continue
                }
                if let n = existing[row.line], n > 0 {
                    existing[row.line] = n - 1
                    plan.skipped += 1
                    continue
                }
                let path = rules.file ?? LogEntry.defaultPath(for: row.date)
                let lines = [Provenance.csvRowMark(row.key), row.line]
                if let i = byFile.firstIndex(where: { $0.path == path }) {
                    byFile[i].lines += lines
                    byFile[i].origins += [row.origin, row.origin]
                    byFile[i].actions += 1
                } else {
                    byFile.append((path, LogEntry.header(for: row.date), lines, [row.origin, row.origin], 1))
                }
            }
            let name = EntityText.paragraph(FileSystem.name(input.name)).replacingAll("\n", " ")
            for group in byFile {
                plan.append(
                    ["# imported from \(name)"] + group.lines, origins: [nil] + group.origins, actions: group.actions,
                    to: group.path, header: group.header)
            }
        }
        plan.check(against: loaded)
        return plan
    }

    /// One row made into a line: its date, the canonical action line, the
    /// key its mark holds, and where the row is (`activities.csv:4`).
    struct MadeRow {
        var date: CivilDate
        var line: String
        var key: String
        var origin: String
    }

    /// The rows of one CSV file made into lines, in file order.
    static func rows(
        _ input: (name: String, bytes: [UInt8]), rules: CSVRules, plan: inout ImportPlan,
        utcOffset: UTCOffset
    ) throws -> [MadeRow] {
        let records: [CSV.Record]
        do {
            records = try CSV.records(input.bytes, separator: rules.separator)
        } catch {
            throw HTLError("\(input.name):\(error.line): \(error.message)")
        }
        let header = records.first { $0.line <= rules.skip }?.fields ?? []
        let data = records.filter { $0.line > rules.skip }
        let columns = try CSVColumns(header: header, file: input.name)
        try columns.check(rules, hasHeader: rules.skip > 0 && !header.isEmpty)
        var out: [MadeRow] = []
        var occurrences: [[String]: Int] = [:]
        for record in data {
            let origin = "\(input.name):\(record.line)"
            var row = CSVRow(record: record, columns: columns, rules: rules, origin: origin)
            // Identical rows (two of the same workout) are told apart by their order.
            occurrences[record.fields, default: 0] += 1
            if let (date, line) = row.line(utcOffset: utcOffset) {
                let key = rowKey(record.fields, occurrence: occurrences[record.fields]!)
                out.append(MadeRow(date: date, line: line, key: key, origin: origin))
            }
            plan.problems += row.problems
        }
        return out
    }

    /// The key of a row's mark: a UUID made from its fields (as read, before
    /// any rule) and how many identical rows came before it in its file, so
    /// a later export that repeats the rows gives the same keys whatever the
    /// rules now make of them.
    static func rowKey(_ fields: [String], occurrence: Int) -> String {
        StableUUID.make("csv-row\u{1F}\(occurrence)\u{1F}" + fields.joined(separator: "\u{1F}"))
    }

    /// Every action line in the log that follows no import mark, canonical,
    /// with how often it occurs.
    static func existingLines(_ loaded: LoadedLedger, unmarked provenance: Provenance) -> [String: Int] {
        var counts: [String: Int] = [:]
        for file in loaded.files where LedgerLayout.kind(of: file.path) == .log {
            for (offset, line) in TextLines.split(file.bytes).enumerated() {
                guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }), first != UInt8(ascii: "#"),
                    !provenance.isMarked(path: file.path, line: offset + 1)
                else { continue }
                counts[String(decoding: LogFormatter.canonicalLine(Array(line)), as: UTF8.self), default: 0] += 1
            }
        }
        return counts
    }
}
