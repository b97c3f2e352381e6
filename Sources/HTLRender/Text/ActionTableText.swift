import HTLCore
import HTLProgress

/// `htl actions --by … --sum …` as a table and as CSV (CLI.md); its JSON
/// is written by the JSON folder, above this one.
public enum ActionTableText {
    /// Columns: the group (`month`), `actions`, then each measure; numbers
    /// right-aligned, exact; the last row is the total.
    public static func render(_ table: ActionTable) -> String {
        let head = [table.grouping?.rawValue ?? "", "actions"] + table.measures
        let cells = (table.rows + [table.total]).map { row in
            [row.key, String(row.actions)] + row.sums.map(\.description)
        }
        let widths = head.indices.map { c in ([head[c]] + cells.map { $0[c] }).map(\.count).max() ?? 0 }
        func line(_ fields: [String]) -> String {
            fields.indices.map { c in
                c == 0 ? TextLayout.padRight(fields[c], widths[c]) : TextLayout.padLeft(fields[c], widths[c])
            }.joined(separator: "  ") + "\n"
        }
        return ([head] + cells).map(line).joined()
    }

    /// The header (`month,actions,km`), a record per row, then `total`.
    public static func csv(_ table: ActionTable) -> [UInt8] {
        var writer = CSVWriter()
        var out: [UInt8] = []
        let head = [table.grouping?.rawValue ?? "group", "actions"] + table.measures
        writer.record(head) { out += $0 }
        for row in table.rows + [table.total] {
            writer.record([row.key, String(row.actions)] + row.sums.map(\.description)) { out += $0 }
        }
        writer.finish { out += $0 }
        return out
    }
}
