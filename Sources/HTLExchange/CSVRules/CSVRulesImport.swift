import HTLCore
import HTLEdit
import HTLFormat
import HTLLoad
import HTLModel
import HTLSystem

/// `htl import csv FILE... --rules RULES.yaml`: each data row becomes one
/// action line. A line the log already holds (the same text, as many times)
/// is not written again, so importing the same file twice adds nothing.
public enum CSVRulesImport {
    public static func plan(_ inputs: [(name: String, bytes: [UInt8])], rules: (name: String, bytes: [UInt8]),
                            into loaded: LoadedLedger, utcOffset: @escaping UTCOffset) throws -> ImportPlan {
        let rules = try CSVRules.read(name: rules.name, bytes: rules.bytes)
        if let file = rules.file, LedgerLayout.kind(of: file) != .log {
            throw HTLError("file: \(file) is not a log file (htl reads log/**/*.log)")
        }
        var plan = ImportPlan()
        var existing = CSVRulesImport.existingLines(loaded)
        for input in inputs {
            let made = try rows(input, rules: rules, plan: &plan, utcOffset: utcOffset)
            var byFile: [(path: String, header: String, lines: [String])] = []
            for (date, line) in made {
                if let n = existing[line], n > 0 {
                    existing[line] = n - 1
                    plan.skipped += 1
                    continue
                }
                let path = rules.file ?? LogEntry.defaultPath(for: date)
                if let i = byFile.firstIndex(where: { $0.path == path }) {
                    byFile[i].lines.append(line)
                } else {
                    byFile.append((path, LogEntry.header(for: date), [line]))
                }
            }
            let name = EntityText.paragraph(FileSystem.name(input.name)).replacingAll("\n", " ")
            for group in byFile {
                plan.append(["# imported from \(name)"] + group.lines, actions: group.lines.count, to: group.path, header: group.header)
            }
        }
        plan.check(against: loaded)
        return plan
    }

    /// The rows of one CSV file as (date, canonical action line), in file order.
    static func rows(_ input: (name: String, bytes: [UInt8]), rules: CSVRules, plan: inout ImportPlan,
                     utcOffset: UTCOffset) throws -> [(CivilDate, String)] {
        let records: [CSV.Record]
        do {
            records = try CSV.records(input.bytes, separator: rules.separator)
        } catch {
            throw HTLError("\(input.name):\(error.line): \(error.message)")
        }
        let header = records.first { $0.line <= rules.skip }?.fields ?? []
        let data = records.filter { $0.line > rules.skip }
        let columns = try CSVColumns(header: header, file: input.name)
        var out: [(CivilDate, String)] = []
        for record in data {
            var row = CSVRow(record: record, columns: columns, rules: rules, origin: "\(input.name):\(record.line)")
            if let made = row.line(utcOffset: utcOffset) { out.append(made) }
            plan.problems += row.problems
        }
        return out
    }

    /// Every action line in the log, canonical, with how often it occurs.
    static func existingLines(_ loaded: LoadedLedger) -> [String: Int] {
        var counts: [String: Int] = [:]
        for file in loaded.files where LedgerLayout.kind(of: file.path) == .log {
            for line in TextLines.split(file.bytes) {
                guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }), first != UInt8(ascii: "#") else { continue }
                counts[String(decoding: LogFormatter.canonicalLine(Array(line)), as: UTF8.self), default: 0] += 1
            }
        }
        return counts
    }
}
